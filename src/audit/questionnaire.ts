// What taking the audit needs: the questions, their scoring and the submission's checks. The
// audit's first-paint code imports this module and nothing else of the engine; the engine's index
// (./index.ts) adds the recommendations, whose texts (about 7 KiB gzip) only the report, the
// dashboard, the console and the server read. Pure: no I/O, clock or randomness.
import { fillAnswers, keepOtherTexts, scoreAnswers } from './scoring'
import type { AuditScoring } from './types'

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
export function scoreAudit(
  answers: Record<string, string>,
  otherTexts: Record<string, string> = {},
): AuditScoring {
  const filled = fillAnswers(answers)
  return {
    answers: filled,
    otherTexts: keepOtherTexts(filled, otherTexts),
    scores: scoreAnswers(filled),
  }
}
