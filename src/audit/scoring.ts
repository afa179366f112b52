// Scoring: a skipped question counts as 0 of 10, a section score is the
// rounded percentage of its points, the overall score the rounded percentage of all points.
import {
  ANSWER_NOT_GIVEN,
  OTHER_TEXT_MAX_LENGTH,
  OTHER_VALUE,
  optionFor,
  questions,
  sections,
} from './questions'
import type { AuditScores, ScoredAnswer } from './types'

const MAX_POINTS_PER_QUESTION = 10

/**
 * One {value, score} per question of the set, in question order. The score always comes from
 * the question bank; a missing, unknown or 'Did not answer' value becomes 'Did not answer' / 0.
 */
export function fillAnswers(values: Record<string, string>): Record<string, ScoredAnswer> {
  const filled: Record<string, ScoredAnswer> = {}
  for (let i = 0; i < questions.length; i++) {
    const id = questions[i].id
    // Question ids never name an Object.prototype member, so a plain read is safe.
    const option = optionFor(id, values[id])
    filled[id] = option
      ? { value: option.value, score: option.score }
      : { value: ANSWER_NOT_GIVEN, score: 0 }
  }
  return filled
}

/** Rounded percentage; points and counts are integers, so halves are exact and round up. */
function percentage(points: number, questionCount: number): number {
  if (questionCount === 0) return 0
  return Math.round((points * 100) / (questionCount * MAX_POINTS_PER_QUESTION))
}

export function scoreAnswers(filled: Record<string, ScoredAnswer>): AuditScores {
  const sectionScores: Record<string, number> = {}
  let totalPoints = 0
  let totalQuestions = 0
  // Index loops: the server runs this in goja on every create, where iterators cost more.
  for (let s = 0; s < sections.length; s++) {
    const sectionQuestions = sections[s].questions
    let points = 0
    for (let q = 0; q < sectionQuestions.length; q++) {
      const answer = filled[sectionQuestions[q].id]
      if (answer) points += answer.score
    }
    sectionScores[sections[s].name] = percentage(points, sectionQuestions.length)
    totalPoints += points
    totalQuestions += sectionQuestions.length
  }
  return { overallScore: percentage(totalPoints, totalQuestions), sectionScores }
}

export { scoreBand } from './bands'

/**
 * The section with the lowest score: the "biggest time-saving opportunity" of the free teaser.
 * A tie goes to the section that comes first in the audit.
 */
export function lowestScoringSection(sectionScores: Record<string, number>): string | undefined {
  let lowest: string | undefined
  for (const s of sections) {
    const score = sectionScores[s.name]
    if (typeof score !== 'number') continue
    if (lowest === undefined || score < sectionScores[lowest]) lowest = s.name
  }
  return lowest
}

const questionsWithOther = questions.filter((q) => q.options.some((o) => o.value === OTHER_VALUE))

/** Free text kept only where the answer is 'other': trimmed, cut to the limit, empty dropped. */
export function keepOtherTexts(
  filled: Record<string, ScoredAnswer>,
  otherTexts: Record<string, string>,
): Record<string, string> {
  const kept: Record<string, string> = {}
  for (let i = 0; i < questionsWithOther.length; i++) {
    const id = questionsWithOther[i].id
    if (filled[id].value !== OTHER_VALUE) continue
    if (!Object.prototype.hasOwnProperty.call(otherTexts, id)) continue
    const raw = otherTexts[id]
    const text = typeof raw === 'string' ? raw.trim().slice(0, OTHER_TEXT_MAX_LENGTH) : ''
    if (text) kept[id] = text
  }
  return kept
}
