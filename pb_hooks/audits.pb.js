/// <reference path="../.pb-types/types.d.ts" />
// The server is the authority on audit scores. Every audits create is validated
// and re-scored here with the same engine the browser uses (src/audit/, bundled to
// lib/audit-engine.cjs by scripts/build-engine.mjs): a bad submission answers 400 naming the
// field (e.g. data["answers.primary_goal"]), and whatever the client sent for answers' scores,
// scores, overallScore, recommendations and questionSetVersion is overwritten, and so is a
// member audit's e-mail (its user's).

onRecordCreateRequest((e) => {
  const engine = /** @type {typeof import('./lib/audit-engine.cjs')} */ (
    require(`${__hooks}/lib/audit-engine.cjs`)
  )
  const { readSubmission } = /** @type {typeof import('./lib/audit-submission.js')} */ (
    require(`${__hooks}/lib/audit-submission.js`)
  )

  const submission = readSubmission(e)
  const check = engine.validateSubmission(submission)
  if (check.ok === false) {
    /** @type {Record<string, ValidationError>} */
    const data = {}
    for (const field of Object.keys(check.fieldErrors)) {
      data[field] = new ValidationError(check.fieldCodes[field], check.fieldErrors[field])
    }
    throw new BadRequestError(check.message, data)
  }

  const evaluation = engine.evaluateAudit(
    engine.answerValues(submission.answers),
    engine.otherTextValues(submission.otherTexts),
  )
  // validateSubmission above made sure it is text.
  e.record.set('email', engine.normalizeEmail(/** @type {string} */ (submission.email)))
  // A member audit is its user's: it carries the user's own address, whatever the client sent
  // (else anyone could file audits under another person's address, shown on their dashboard).
  const userId = e.record.getString('user')
  if (e.record.getString('flow') === 'member' && userId) {
    try {
      e.record.set('email', e.app.findRecordById('users', userId).getString('email'))
    } catch (_) {
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
  e.record.set('questionSetVersion', engine.QUESTION_SET_VERSION)
  e.next()
}, 'audits')
