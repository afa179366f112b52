// Accounts: every users create and update request passes through here, in this order (hooks in
// other entry files have no stable order, so the users collection has only these,
// pb_hooks/users.pb.js):
//   0. on create, a client-chosen id is replaced by the server's (see below);
//   1. normalise: the e-mail trimmed and lowercased (it then compares equal to the lowercased
//      e-mail on audits and newsletter rows); `agreedToTermsAt` is the server's time: a client
//      that agrees (`agreedToTerms: true`, or any non-empty `agreedToTermsAt`) gets "now",
//      whatever time it sent;
//   2. input limits (server/limits/): types, lengths, control characters, named;
//   3. on create, sign-up privacy: a sign-up with a registered e-mail gets the answer a new one
//      would get (PocketBase would say `email: validation_not_unique`, which lets anyone test
//      addresses). The rest of the request goes through the same checks as a real create (so a
//      bad password still answers 400 naming it), then 200 with a record of the same shape, and
//      no account is created or changed; the client's sign-in then fails like any wrong
//      password. Superusers (the dashboard, scripts) get PocketBase's real answer.
import type { RecordConfirmPasswordResetRequestEvent, RecordRequestEvent } from '../platform/events'
import { badRequest, hasProblems, type FieldProblems } from '../platform/errors'
import { newRecordId } from '../platform/ids'
import { jsonBody } from '../platform/request'
import { validateAsNew } from '../platform/validate-as-new'
import { commonPasswordProblem, inputErrors, inputProblems, sentBody } from '../limits/index'

/** A users create request (a sign-up, or a superuser's create). */
export function checkSignup(e: RecordRequestEvent): void {
  const body = jsonBody(e)

  // 0. The server makes account ids: a sign-up that picks its own id could send it again with a
  // fresh address and learn from "id taken" whether the first address was registered.
  if (!e.hasSuperuserAuth()) e.record.id = newRecordId()

  // 1. Normalise.
  const email = e.record.getString('email').trim().toLowerCase()
  e.record.set('email', email)
  const agreed = body.agreedToTerms === true || !!body.agreedToTermsAt
  e.record.set('agreedToTermsAt', agreed ? new DateTime() : '')

  // 2. Input limits.
  const limits = inputProblems('users', sentBody(e), e.record)
  if (hasProblems(limits)) {
    throw new BadRequestError('Failed to create record.', inputErrors(limits))
  }

  // 3. Sign-up privacy.
  if (e.hasSuperuserAuth() || !email) return e.next()
  const existing = e.app.findRecordsByFilter('users', 'email:lower = {:email}', '', 1, 0, { email })
  if (existing.length === 0) return e.next()

  // PocketBase's sign-up form checks, which it runs before the record's own validation and
  // reports alone: verified untouched, password and its confirmation present and equal.
  const password = textOf(body.password)
  const confirm = textOf(body.passwordConfirm)
  const form: FieldProblems = {}
  if (e.record.verified()) form.verified = ['validation_values_mismatch', "Values don't match."]
  if (!password) form.password = ['validation_required', 'Cannot be blank.']
  if (!confirm) form.passwordConfirm = ['validation_required', 'Cannot be blank.']
  else if (confirm !== password)
    form.passwordConfirm = ['validation_values_mismatch', "Values don't match."]
  if (hasProblems(form)) throw badRequest('Failed to create record.', form)

  // The record's own validation; the requested id is kept, so a taken id is refused as usual.
  return e.json(200, validateAsNew(e.app, e.record, email, e.record.id))
}

/** A sent value as text: '' for none (undefined or null). */
function textOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value)
}

/**
 * A users update request. Once set, the agreement time is the server's record: a later update
 * may stamp it only if it was never set, and can never move or clear it. Then the same input
 * limits as a create.
 */
export function checkUserUpdate(e: RecordRequestEvent): void {
  const body = jsonBody(e)
  if ('agreedToTermsAt' in body || 'agreedToTerms' in body) {
    const previous = e.record.original().getString('agreedToTermsAt')
    const agreed = body.agreedToTerms === true || !!body.agreedToTermsAt
    e.record.set('agreedToTermsAt', previous || (agreed ? new DateTime() : ''))
  }

  const problems = inputProblems('users', sentBody(e), e.record)
  if (hasProblems(problems)) {
    throw new BadRequestError('Failed to update record.', inputErrors(problems))
  }
  return e.next()
}

/**
 * A new password from a reset link follows the sign-up rules too: none of the most common
 * passwords (server/limits/), named on `password` like PocketBase's own field errors.
 */
export function checkPasswordReset(e: RecordConfirmPasswordResetRequestEvent): void {
  const problems = commonPasswordProblem(jsonBody(e).password)
  if (hasProblems(problems)) {
    throw badRequest('An error occurred while validating the submitted data.', problems)
  }
  return e.next()
}
