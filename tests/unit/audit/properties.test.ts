// Property tests: rules that must hold for every possible audit, not only the examples.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ANSWER_NOT_GIVEN,
  GENERAL_SECTION,
  evaluateAudit,
  questions,
  sections,
  validateSubmission,
} from '../../../src/audit/index'
import type { AuditEvaluation } from '../../../src/audit/index'

const ids = questions.map((q) => q.id)

/** Any mix of real options, explicit skips and left-out questions. */
const answersArb: fc.Arbitrary<Record<string, string>> = fc.record(
  Object.fromEntries(
    questions.map((q) => [
      q.id,
      fc.constantFrom(ANSWER_NOT_GIVEN, ...q.options.map((o) => o.value)),
    ]),
  ),
  { requiredKeys: [] },
) as fc.Arbitrary<Record<string, string>>

const otherTextsArb = fc.dictionary(fc.constantFrom(...ids), fc.string({ maxLength: 600 }))

/** Whatever a broken or hostile client might send as values. */
const junkAnswersArb = fc.dictionary(fc.string(), fc.string())

function pickEach(choose: (scores: number[]) => number): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    Object.fromEntries(
      questions.map((q) => {
        const target = choose(q.options.map((o) => o.score))
        return [
          q.id,
          fc.constantFrom(...q.options.filter((o) => o.score === target).map((o) => o.value)),
        ]
      }),
    ),
  ) as fc.Arbitrary<Record<string, string>>
}

function allScores(result: AuditEvaluation): number[] {
  return [result.scores.overallScore, ...Object.values(result.scores.sectionScores)]
}

describe('for every audit', () => {
  it('every score is a whole number from 0 to 100', () => {
    fc.assert(
      fc.property(fc.oneof(answersArb, junkAnswersArb), otherTextsArb, (answers, otherTexts) => {
        const result = evaluateAudit(answers, otherTexts)
        expect(Object.keys(result.scores.sectionScores)).toEqual(sections.map((s) => s.name))
        for (const score of allScores(result)) {
          expect(Number.isInteger(score)).toBe(true)
          expect(score).toBeGreaterThanOrEqual(0)
          expect(score).toBeLessThanOrEqual(100)
        }
      }),
    )
  })

  it('any set of best answers gives 100 everywhere', () => {
    fc.assert(
      fc.property(
        pickEach((s) => Math.max(...s)),
        (answers) => {
          expect(allScores(evaluateAudit(answers)).every((score) => score === 100)).toBe(true)
        },
      ),
    )
  })

  it('any set of worst answers gives 0 everywhere the spec allows a 0', () => {
    // primary_goal's lowest option ('other') scores 5 in the spec, so the Goals section bottoms
    // out at 5 of 30 (17) and the overall score at 5 of 260 (2); every other section reaches 0.
    fc.assert(
      fc.property(
        pickEach((s) => Math.min(...s)),
        (answers) => {
          const { scores } = evaluateAudit(answers)
          expect(scores.overallScore).toBe(2)
          for (const s of sections) {
            expect(scores.sectionScores[s.name]).toBe(
              s.name === 'Business Goals & Lead Generation' ? 17 : 0,
            )
          }
        },
      ),
    )
  })

  it('skipping every question gives 0 everywhere', () => {
    const skipped = Object.fromEntries(ids.map((id) => [id, ANSWER_NOT_GIVEN]))
    expect(allScores(evaluateAudit(skipped)).every((score) => score === 0)).toBe(true)
    expect(allScores(evaluateAudit({})).every((score) => score === 0)).toBe(true)
  })

  it('skipping a question never raises a score', () => {
    fc.assert(
      fc.property(answersArb, fc.constantFrom(...ids), (answers, skippedId) => {
        const before = evaluateAudit(answers).scores
        const rest = { ...answers }
        delete rest[skippedId]
        const after = evaluateAudit(rest).scores
        expect(after.overallScore).toBeLessThanOrEqual(before.overallScore)
        for (const s of sections) {
          expect(after.sectionScores[s.name]).toBeLessThanOrEqual(before.sectionScores[s.name])
        }
      }),
    )
  })

  it('has exactly 3 top recommendations, never repeated, weakest section first, general last', () => {
    fc.assert(
      fc.property(answersArb, (answers) => {
        const { recommendations, scores } = evaluateAudit(answers)
        const top = recommendations.topRecommendations
        expect(top).toHaveLength(3)
        expect(new Set(top.map((r) => r.title)).size).toBe(top.length)
        const fromSections = top.filter((r) => r.section !== GENERAL_SECTION)
        expect(top.slice(0, fromSections.length)).toEqual(fromSections)
        for (let i = 1; i < fromSections.length; i++) {
          expect(fromSections[i].score).toBeGreaterThanOrEqual(fromSections[i - 1].score)
        }
        for (const r of fromSections) expect(r.score).toBe(scores.sectionScores[r.section])
      }),
    )
  })

  it('gives the same output for the same input, whatever the key order', () => {
    fc.assert(
      fc.property(answersArb, otherTextsArb, (answers, otherTexts) => {
        const first = evaluateAudit(answers, otherTexts)
        const reversed = Object.fromEntries(Object.entries(answers).reverse())
        const again = evaluateAudit(reversed, { ...otherTexts })
        expect(JSON.stringify(again)).toBe(JSON.stringify(first))
      }),
    )
  })

  it('leaves its inputs untouched', () => {
    fc.assert(
      fc.property(answersArb, otherTextsArb, (answers, otherTexts) => {
        const copy = structuredClone({ answers, otherTexts })
        evaluateAudit(answers, otherTexts)
        expect({ answers, otherTexts }).toEqual(copy)
      }),
    )
  })

  it('the filled answers are a valid submission that scores the same again', () => {
    fc.assert(
      fc.property(answersArb, (answers) => {
        const result = evaluateAudit(answers)
        const submission = { email: 'owner@example.com', ...result }
        expect(validateSubmission(submission)).toEqual({ ok: true })
        const values = Object.fromEntries(
          Object.entries(result.answers).map(([id, a]) => [id, a.value]),
        )
        expect(evaluateAudit(values)).toEqual(result)
      }),
    )
  })

  it('validation names any unknown question id it is sent', () => {
    const unknownId = fc.string({ minLength: 1, maxLength: 30 }).filter((id) => !ids.includes(id))
    fc.assert(
      fc.property(answersArb, unknownId, (answers, id) => {
        const result = validateSubmission({ email: 'a@b.co', answers: { ...answers, [id]: 'x' } })
        expect(result).toMatchObject({ ok: false, message: 'Invalid answers format' })
        if (!result.ok)
          expect(result.fieldCodes[`answers.${id}`]).toBe('validation_unknown_question')
      }),
    )
  })
})
