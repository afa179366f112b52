/// <reference path="../.pb-types/types.d.ts" />
// Sign-up does not tell whether an e-mail is registered (issue #12, DESIGN.md §3). PocketBase
// would answer a taken e-mail with 400 `email: validation_not_unique`, which lets anyone test
// addresses. Here a sign-up with a registered e-mail gets the answer a new one would get: the
// rest of the request goes through the same checks as a real create, in the same order (so a
// bad password still answers 400 naming it), then 200 with a record of the same shape - and no
// account is created or changed. The client's follow-up sign-in then fails like any wrong
// password. Superusers (the dashboard, scripts) still get PocketBase's real answer.

onRecordCreateRequest((e) => {
  if (e.hasSuperuserAuth()) return e.next()

  const email = e.record.getString('email').trim().toLowerCase()
  if (!email) return e.next()
  const existing = e.app.findRecordsByFilter('users', 'email:lower = {:email}', '', 1, 0, { email })
  if (existing.length === 0) return e.next()

  const { inputProblems, sentBody, validationErrors } = require(`${__hooks}/lib/input-limits.js`)
  const fail = (problems) => {
    throw new BadRequestError('Failed to create record.', validationErrors(problems))
  }

  // 1. pb_hooks/input-limits.pb.js's checks (hooks of other files may run after this one).
  const limits = inputProblems('users', sentBody(e), e.record)
  if (Object.keys(limits).length > 0) fail(limits)

  // 2. PocketBase's sign-up form checks, which it runs before the record's own validation and
  //    reports alone: verified untouched, password and its confirmation present and equal.
  const body = e.requestInfo().body || {}
  const password =
    body.password === undefined || body.password === null ? '' : String(body.password)
  const confirm =
    body.passwordConfirm === undefined || body.passwordConfirm === null
      ? ''
      : String(body.passwordConfirm)
  const form = {}
  if (e.record.verified()) form.verified = ['validation_values_mismatch', "Values don't match."]
  if (!password) form.password = ['validation_required', 'Cannot be blank.']
  if (!confirm) form.passwordConfirm = ['validation_required', 'Cannot be blank.']
  else if (confirm !== password)
    form.passwordConfirm = ['validation_values_mismatch', "Values don't match."]
  if (Object.keys(form).length > 0) fail(form)

  // 3. The record's validation, all but the e-mail's uniqueness: the probe carries a throwaway
  //    address. The requested id is kept, so a taken id is refused as in a real create.
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  const reply = e.record.clone()
  reply.id = e.record.id || $security.randomStringWithAlphabet(15, alphabet)
  reply.set('email', `${$security.randomStringWithAlphabet(20, alphabet)}@signup.invalid`)
  try {
    e.app.validate(reply)
  } catch (err) {
    throw new BadRequestError('Failed to create record.', err.value)
  }

  // What a real create stores and answers (as pb_hooks/users.pb.js does): the e-mail trimmed and
  // lowercased, the terms agreement stamped with the server's time, never a client's.
  const agreed = body.agreedToTerms === true || !!body.agreedToTermsAt
  const now = new DateTime()
  reply.set('email', email)
  reply.set('agreedToTermsAt', agreed ? now : '')
  reply.setRaw('created', now)
  reply.setRaw('updated', now)
  return e.json(200, reply)
}, 'users')
