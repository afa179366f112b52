// Asking to change one's e-mail answers alike for a free and a registered new address (the
// routerUse middleware of pb_hooks/email-change.pb.js): PocketBase would refuse a registered one
// with `newEmail: validation_invalid_new_email` and accept a free one with 204, which lets any
// signed-in account test addresses. A registered address now gets the same 204, and nothing is
// sent (the confirmation could not succeed anyway). A malformed address, or one the site refuses
// (?, &, %, / or quotes before the @), still answers 400 naming the field. Rate-limited like
// password sign-in by pb_migrations/1764000100_abuse_settings.js; the limiter runs before this
// middleware, so both answers count alike.
import type { RequestEvent } from '../platform/events'
import { badRequest } from '../platform/errors'
import { jsonBody, type JsonObject } from '../platform/request'
import { emailAddressProblem } from '../../src/config/email-address'

const REQUEST_EMAIL_CHANGE = /^\/api\/collections\/([^/]+)\/request-email-change$/

/** Every request passes here; only a user's request-email-change is looked at. */
export function hideTakenNewEmail(e: RequestEvent): void {
  if (e.request.method !== 'POST') return e.next()
  const route = e.request.url ? REQUEST_EMAIL_CHANGE.exec(e.request.url.path) : null
  if (!route || route[1] !== 'users') return e.next()
  // PocketBase answers a guest or another collection's token itself (401/403).
  const auth = e.auth
  if (!auth || auth.collection().name !== 'users') return e.next()

  let body: JsonObject
  try {
    body = jsonBody(e)
  } catch {
    return e.next() // an unreadable body: PocketBase's own 400
  }
  const newEmail = typeof body.newEmail === 'string' ? body.newEmail.trim().toLowerCase() : ''
  // The one rule for addresses (src/config/email-address.ts), as on every other form.
  const unsafe = newEmail ? emailAddressProblem(newEmail) : null
  if (unsafe) {
    throw badRequest('An error occurred while validating the submitted data.', {
      newEmail: ['validation_unsafe_email', unsafe],
    })
  }
  if (!newEmail || newEmail === auth.getString('email').toLowerCase()) return e.next()

  const taken = e.app.findRecordsByFilter('users', 'email:lower = {:email}', '', 1, 0, {
    email: newEmail,
  })
  if (taken.length === 0) return e.next()
  return e.noContent(204)
}
