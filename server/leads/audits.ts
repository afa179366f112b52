// The server is the authority on audit scores. Every audits create is validated and re-scored
// here with the same engine the browser uses (src/audit/): a bad submission answers 400 naming
// the field (e.g. data["answers.primary_goal"]), and whatever the client sent for answers'
// scores, scores, overallScore, recommendations and questionSetVersion is overwritten, and so is
// a member audit's e-mail (its user's).
import {
  QUESTION_SET_VERSION,
  answerValues,
  evaluateAudit,
  normalizeEmail,
  otherTextValues,
  validateSubmission,
} from '../../src/audit/index'
import { badRequest } from '../platform/errors'
import type { FieldProblems } from '../platform/errors'
import type { RecordRequestEvent } from '../platform/events'
import { readSubmission } from './submission'

/**
 * Validates an audit as sent and stores the engine's own scoring of it on the record (the create's
 * answer carries it). Throws the 400 naming the field. The create's other checks: audit-create.ts.
 */
export function scoreAudit(e: RecordRequestEvent): void {
  const submission = readSubmission(e)
  const check = validateSubmission(submission)
  if (check.ok === false) {
    const problems: FieldProblems = {}
    for (const field of Object.keys(check.fieldErrors)) {
      problems[field] = [check.fieldCodes[field], check.fieldErrors[field]]
    }
    throw badRequest(check.message, problems)
  }

  const evaluation = evaluateAudit(
    answerValues(submission.answers),
    otherTextValues(submission.otherTexts),
  )
  // validateSubmission above made sure it is text.
  e.record.set('email', normalizeEmail(submission.email as string))
  // A member audit is its user's: it carries the user's own address, whatever the client sent
  // (else anyone could file audits under another person's address, shown on their dashboard).
  const userId = e.record.getString('user')
  if (e.record.getString('flow') === 'member' && userId) {
    try {
      e.record.set('email', e.app.findRecordById('users', userId).getString('email'))
    } catch {
      // An unknown user: the relation field refuses it, naming the field.
    }
  }
  // JSON text rather than objects: PocketBase re-encodes objects with their keys sorted, which
  // would lose the question and section order the engine returns.
  e.record.set('answers', JSON.stringify(evaluation.answers))
  e.record.set('otherTexts', JSON.stringify(evaluation.otherTexts))
  e.record.set('scores', JSON.stringify(evaluation.scores))
  e.record.set('overallScore', evaluation.scores.overallScore)
  e.record.set('recommendations', JSON.stringify(evaluation.recommendations))
  e.record.set('questionSetVersion', QUESTION_SET_VERSION)
}
