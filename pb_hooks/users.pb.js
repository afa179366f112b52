/// <reference path="../.pb-types/types.d.ts" />
// Accounts: every users create and update passes through here, in this order (hooks in other
// files have no stable order, so the users collection has only these):
//   0. on create, a client-chosen id is replaced by the server's (see below);
//   1. normalise: the e-mail trimmed and lowercased (it then compares equal to the lowercased
//      e-mail on audits and newsletter rows); `agreedToTermsAt` is the server's time: a client
//      that agrees (`agreedToTerms: true`, or any non-empty `agreedToTermsAt`) gets "now",
//      whatever time it sent;
//   2. input limits (lib/input-limits.js): types, lengths, control characters, named;
//   3. on create, sign-up privacy: a sign-up with a registered e-mail gets the answer a new one
//      would get (PocketBase would say `email: validation_not_unique`, which lets anyone test
//      addresses). The rest of the request goes through the same checks as a real create (so a
//      bad password still answers 400 naming it), then 200 with a record of the same shape, and
//      no account is created or changed; the client's sign-in then fails like any wrong
//      password. Superusers (the dashboard, scripts) get PocketBase's real answer.

onRecordCreateRequest((e) => {
  const { inputProblems, sentBody, validationErrors } =
    /** @type {typeof import('./lib/input-limits.js')} */ (
      require(`${__hooks}/lib/input-limits.js`)
    )
  /** @param {import('./lib/input-limits.js').Problems} problems */
  const fail = (problems) => {
    throw new BadRequestError('Failed to create record.', validationErrors(problems))
  }
  const body = e.requestInfo().body || {}

  // 0. The server makes account ids: a sign-up that picks its own id could send it again with a
  // fresh address and learn from "id taken" whether the first address was registered.
  if (!e.hasSuperuserAuth()) {
    e.record.id = $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789')
  }

  // 1. Normalise.
  const email = e.record.getString('email').trim().toLowerCase()
  e.record.set('email', email)
  const agreed = body.agreedToTerms === true || !!body.agreedToTermsAt
  e.record.set('agreedToTermsAt', agreed ? new DateTime() : '')

  // 2. Input limits.
  const limits = inputProblems('users', sentBody(e), e.record)
  if (Object.keys(limits).length > 0) fail(limits)

  // 3. Sign-up privacy.
  if (e.hasSuperuserAuth() || !email) return e.next()
  const existing = e.app.findRecordsByFilter('users', 'email:lower = {:email}', '', 1, 0, { email })
  if (existing.length === 0) return e.next()

  // PocketBase's sign-up form checks, which it runs before the record's own validation and
  // reports alone: verified untouched, password and its confirmation present and equal.
  const password =
    body.password === undefined || body.password === null ? '' : String(body.password)
  const confirm =
    body.passwordConfirm === undefined || body.passwordConfirm === null
      ? ''
      : String(body.passwordConfirm)
  /** @type {import('./lib/input-limits.js').Problems} */
  const form = {}
  if (e.record.verified()) form.verified = ['validation_values_mismatch', "Values don't match."]
  if (!password) form.password = ['validation_required', 'Cannot be blank.']
  if (!confirm) form.passwordConfirm = ['validation_required', 'Cannot be blank.']
  else if (confirm !== password)
    form.passwordConfirm = ['validation_values_mismatch', "Values don't match."]
  if (Object.keys(form).length > 0) fail(form)

  // The record's own validation; the requested id is kept, so a taken id is refused as usual.
  const { validateAsNew } = /** @type {typeof import('./lib/validate-as-new.js')} */ (
    require(`${__hooks}/lib/validate-as-new.js`)
  )
  return e.json(200, validateAsNew(e.app, e.record, email, e.record.id))
}, 'users')

// Once set, the agreement time is the server's record: a later update may stamp it only if
// it was never set, and can never move or clear it. Then the same input limits as a create.
onRecordUpdateRequest((e) => {
  const body = e.requestInfo().body
  if ('agreedToTermsAt' in body || 'agreedToTerms' in body) {
    const previous = e.record.original().getString('agreedToTermsAt')
    const agreed = body.agreedToTerms === true || !!body.agreedToTermsAt
    e.record.set('agreedToTermsAt', previous || (agreed ? new DateTime() : ''))
  }

  const { inputProblems, sentBody, validationErrors } =
    /** @type {typeof import('./lib/input-limits.js')} */ (
      require(`${__hooks}/lib/input-limits.js`)
    )
  const problems = inputProblems('users', sentBody(e), e.record)
  if (Object.keys(problems).length > 0) {
    throw new BadRequestError('Failed to update record.', validationErrors(problems))
  }
  return e.next()
}, 'users')

// A new password from a reset link follows the sign-up rules too: none of the most common
// passwords (lib/passwords.js), named on `password` like PocketBase's own field errors.
onRecordConfirmPasswordResetRequest((e) => {
  const { commonPasswordProblem } = /** @type {typeof import('./lib/passwords.js')} */ (
    require(`${__hooks}/lib/passwords.js`)
  )
  const { validationErrors } = /** @type {typeof import('./lib/input-limits.js')} */ (
    require(`${__hooks}/lib/input-limits.js`)
  )
  const body = e.requestInfo().body || {}
  const problems = commonPasswordProblem(body.password)
  if (Object.keys(problems).length > 0) {
    throw new BadRequestError(
      'An error occurred while validating the submitted data.',
      validationErrors(problems),
    )
  }
  return e.next()
}, 'users')
