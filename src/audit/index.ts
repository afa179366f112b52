// The audit engine's one entry, used by the browser and (bundled into the server by
// scripts/build-server.mjs) by server/leads/audits.ts, the hook pb_hooks/audits.pb.js calls. Pure:
// no I/O, clock or randomness. The payoff model (./payoff.ts) is imported from its own module: the
// audit's first-paint code loads this index whole, and the payoff belongs to the report.
import { recommend } from './recommendations'
import { fillAnswers, keepOtherTexts, scoreAnswers } from './scoring'
import type { AuditEvaluation } from './types'

export {
  ANSWER_NOT_GIVEN,
  OTHER_TEXT_MAX_LENGTH,
  OTHER_VALUE,
  QUESTION_SET_VERSION,
  questionById,
  questions,
  questionSetFingerprint,
  sectionForQuestion,
  sections,
} from './questions'
export { lowestScoringSection, scoreBand } from './scoring'
export { peerSentence } from './peers'
export {
  GENERAL_SECTION,
  TOP_RECOMMENDATION_LIMIT,
  generalRecommendations,
  recommendationRules,
} from './recommendations'
export type { RecommendationRule } from './recommendations'
export {
  SUBMISSION_MESSAGES,
  VALIDATION_CODES,
  answerValues,
  normalizeEmail,
  otherTextValues,
  validateSubmission,
} from './validation'
export type * from './types'

/**
 * Scores an audit from its answers ({questionId: optionValue}; anything missing or unknown
 * counts as 'Did not answer') and the free texts of `other` answers. The same input always
 * gives the same output, in browser and server alike.
 */
export function evaluateAudit(
  answers: Record<string, string>,
  otherTexts: Record<string, string> = {},
): AuditEvaluation {
  const filled = fillAnswers(answers)
  const scores = scoreAnswers(filled)
  return {
    answers: filled,
    otherTexts: keepOtherTexts(filled, otherTexts),
    scores,
    recommendations: recommend(filled, scores),
  }
}
