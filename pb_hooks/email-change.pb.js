/// <reference path="../.pb-types/types.d.ts" />
// An account's e-mail change: asking for it, and what moves with it once it is confirmed.
//
// Asking to change one's e-mail answers alike for a free and a registered new address:
// PocketBase would refuse a registered one with `newEmail: validation_invalid_new_email` and
// accept a free one with 204, which lets any signed-in account test addresses. A registered
// address now gets the same 204, and nothing is sent (the confirmation could not succeed anyway).
// A malformed address, or one the site refuses (?, &, %, / or quotes before the @), still
// answers 400 naming the field. Rate-limited like password sign-in by
// pb_migrations/1764000100_abuse_settings.js; the limiter runs before this middleware, so both
// answers count alike.

routerUse((e) => {
  if (e.request.method !== 'POST') return e.next()
  const route = /^\/api\/collections\/([^/]+)\/request-email-change$/.exec(e.request.url.path)
  if (!route || route[1] !== 'users') return e.next()
  // PocketBase answers a guest or another collection's token itself (401/403).
  if (!e.auth || e.auth.collection().name !== 'users') return e.next()

  let body
  try {
    body = e.requestInfo().body || {}
  } catch (_) {
    return e.next() // an unreadable body: PocketBase's own 400
  }
  const newEmail = typeof body.newEmail === 'string' ? body.newEmail.trim().toLowerCase() : ''
  // The one rule for addresses (src/config/email-address.ts), as on every other form.
  const { emailAddressProblem } = /** @type {typeof import('./lib/shared.cjs')} */ (
    require(`${__hooks}/lib/shared.cjs`)
  )
  const unsafe = newEmail ? emailAddressProblem(newEmail) : null
  if (unsafe) {
    throw new BadRequestError('An error occurred while validating the submitted data.', {
      newEmail: new ValidationError('validation_unsafe_email', unsafe),
    })
  }
  if (!newEmail || newEmail === e.auth.getString('email').toLowerCase()) return e.next()

  const taken = e.app.findRecordsByFilter('users', 'email:lower = {:email}', '', 1, 0, {
    email: newEmail,
  })
  if (taken.length === 0) return e.next()
  return e.noContent(204)
})

// An account's new e-mail carries its audits, newsletter sign-up and person along
// (lib/email-change.js), in the same transaction as the account's save: whichever way the
// address changes (the confirmation link, a superuser), nothing stays behind at the old address
// and nothing is half moved.
onRecordUpdateExecute((e) => {
  const before = e.record.original().getString('email')
  const after = e.record.getString('email')
  if (before.trim().toLowerCase() === after.trim().toLowerCase()) return e.next()
  const wasVerified = e.record.original().getBool('verified')
  const userId = e.record.id
  e.app.runInTransaction((txApp) => {
    const outerApp = e.app
    e.app = txApp
    try {
      e.next()
    } finally {
      e.app = outerApp
    }
    const { carryToNewEmail } = /** @type {typeof import('./lib/email-change.js')} */ (
      require(`${__hooks}/lib/email-change.js`)
    )
    carryToNewEmail(txApp, userId, before, after, wasVerified)
  })
}, 'users')
