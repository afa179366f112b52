// Bad input, fuzzed against the real server: 512 generated audit submissions, each
// answered 2xx or 4xx naming the field, never 5xx; every audit they stored fits the schema and rules of pb_migrations/,
// with the scores and recommendations the server computed from the stored answers.
import fc from 'fast-check'
import {
  ANSWER_NOT_GIVEN,
  OTHER_TEXT_MAX_LENGTH,
  OTHER_VALUE,
  QUESTION_SET_VERSION,
  evaluateAudit,
  questions,
  sections,
} from '../../src/audit'
import {
  emailProblems,
  oneOf,
  text,
  textProblems,
  validEmail,
  type CollectionSpec,
} from './support/fuzz-kit'
import { describeFuzzedCollection } from './support/fuzz-suite'

const withOther = questions.filter((q) => q.options.some((o) => o.value === OTHER_VALUE))

/** An answer as the browser sends it ({value, score}; the score is ignored) or a bare value. */
function answer(values: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...values).map((value) => ({ value, score: 10 })),
    fc.constantFrom(...values),
  )
}

const spec: CollectionSpec = {
  valid: {
    flow: fc.constant('free'),
    email: validEmail('fz-audit'),
    answers: fc.record(
      Object.fromEntries(
        questions.map((q) => [q.id, answer([...q.options.map((o) => o.value), ANSWER_NOT_GIVEN])]),
      ),
      { requiredKeys: [] },
    ),
    otherTexts: fc.record(
      Object.fromEntries(
        withOther.map((q) => [q.id, text(0, OTHER_TEXT_MAX_LENGTH, { multiLine: true })]),
      ),
      { requiredKeys: [] },
    ),
    // The server overwrites whatever the client computed.
    scores: fc.constantFrom({}, { overallScore: 100, sectionScores: {} }),
    overallScore: fc.integer({ min: 0, max: 100 }),
    recommendations: fc.constantFrom({}, { topRecommendations: [], sectionRecommendations: {} }),
    questionSetVersion: fc.constant(QUESTION_SET_VERSION),
    newsletterSubscription: fc.boolean(),
    userAgent: text(0, 512),
    completedAt: fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  },
  serverFields: ['user'],
}

const SECTION_NAMES = sections.map((s) => s.name)

function auditProblems(row: Record<string, unknown>): string[] {
  const problems = [
    ...oneOf(row, 'flow', ['free']), // a guest cannot make a member audit
    ...emailProblems(row.email),
    ...oneOf(row, 'user', ['']),
    ...oneOf(row, 'questionSetVersion', [QUESTION_SET_VERSION]),
    ...oneOf(row, 'newsletterSubscription', [true, false]),
    ...textProblems(row, 'userAgent', { max: 512 }),
  ]
  const answers = row.answers as Record<string, { value: unknown; score: unknown }> | null
  if (!answers || typeof answers !== 'object') return [...problems, 'answers is not an object']
  if (JSON.stringify(Object.keys(answers)) !== JSON.stringify(questions.map((q) => q.id))) {
    problems.push('answers do not hold exactly the question set, in order')
  }
  const values: Record<string, string> = {}
  for (const q of questions) {
    const given = answers[q.id]
    if (!given || typeof given.value !== 'string') continue
    const option = q.options.find((o) => o.value === given.value)
    const expected = option ? option.score : given.value === ANSWER_NOT_GIVEN ? 0 : undefined
    if (expected === undefined) problems.push(`answers.${q.id} is not an option: ${given.value}`)
    else if (given.score !== expected)
      problems.push(`answers.${q.id} scores ${String(given.score)}, not ${expected}`)
    if (option) values[q.id] = option.value
  }
  const otherTexts = (row.otherTexts ?? {}) as Record<string, unknown>
  for (const [id, value] of Object.entries(otherTexts)) {
    if (
      typeof value !== 'string' ||
      value.length > OTHER_TEXT_MAX_LENGTH ||
      value !== value.trim()
    ) {
      problems.push(`otherTexts.${id} is not trimmed text of at most ${OTHER_TEXT_MAX_LENGTH}`)
    }
  }
  // Server-computed: the same engine over the stored answers gives the stored results.
  const expected = evaluateAudit(values, otherTexts as Record<string, string>)
  if (JSON.stringify(row.answers) !== JSON.stringify(expected.answers))
    problems.push('answers differ from the engine')
  if (JSON.stringify(row.otherTexts ?? {}) !== JSON.stringify(expected.otherTexts)) {
    problems.push('otherTexts differ from the engine')
  }
  if (JSON.stringify(row.scores) !== JSON.stringify(expected.scores))
    problems.push('scores differ from the engine')
  if (JSON.stringify(row.recommendations) !== JSON.stringify(expected.recommendations)) {
    problems.push('recommendations differ from the engine')
  }
  const scores = row.scores as { overallScore: number; sectionScores: Record<string, number> }
  if (row.overallScore !== scores?.overallScore)
    problems.push('overallScore differs from scores.overallScore')
  const inRange = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 100
  if (!inRange(scores?.overallScore)) problems.push('overallScore is not 0..100')
  if (JSON.stringify(Object.keys(scores?.sectionScores ?? {})) !== JSON.stringify(SECTION_NAMES)) {
    problems.push('sectionScores do not name the 7 sections')
  }
  if (!Object.values(scores?.sectionScores ?? {}).every(inRange))
    problems.push('a section score is not 0..100')
  const top = (row.recommendations as { topRecommendations?: unknown[] })?.topRecommendations
  if (!Array.isArray(top) || top.length > 3) problems.push('more than 3 top recommendations')
  return problems
}

describeFuzzedCollection({
  title: 'audits under fuzzed input',
  collection: 'audits',
  spec,
  rowProblems: auditProblems,
  storedTitle:
    'stored only audits that fit the schema, scored by the server, and none for a refused payload',
})
