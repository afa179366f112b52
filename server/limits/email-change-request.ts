// Asking to change one's e-mail answers alike for a free and a registered new address (the
// routerUse middleware of pb_hooks/email-change.pb.js), in status, body and time. PocketBase
// would refuse a registered one with `newEmail: validation_invalid_new_email` and accept a free
// one with 204, which let any signed-in account test addresses; answering the registered one
// 204 at once still told them apart by time (2.1 ms against 3.7 for the mail a free one gets).
// So a well-formed new address is handled here, the same way whoever has it: PocketBase's checks
// of the address, the lookup, then the change token and the confirmation mail built and queued
// (`$mails.sendRecordChangeEmail`, whose mailer hook queues it in `deliveries`) in a
// transaction, committed for a free address and rolled back for a registered one - nothing is
// sent to it (the confirmation could not succeed anyway). An address PocketBase itself would
// refuse whoever has it (malformed, with spaces around, the account's own) still gets its 400,
// and so does one the site refuses (?, &, %, / or quotes before the @), naming the field.
// Rate-limited like password sign-in by pb_migrations/1764000100_abuse_settings.js; the limiter
// runs before this middleware, so both answers count alike.
import type { App, RequestEvent } from '../platform/events'
import { badRequest } from '../platform/errors'
import { jsonBody, type JsonObject } from '../platform/request'
import { emailAddressProblem } from '../../src/config/email-address'

const REQUEST_EMAIL_CHANGE = /^\/api\/collections\/([^/]+)\/request-email-change$/

/** PocketBase's longest new address (its request form's rule). */
const NEW_EMAIL_MAX = 255

/** Every request passes here; only a user's request-email-change is looked at. */
export function hideTakenNewEmail(e: RequestEvent, next: () => void = () => e.next()): void {
  if (e.request.method !== 'POST') return next()
  const route = e.request.url ? REQUEST_EMAIL_CHANGE.exec(e.request.url.path) : null
  if (!route || route[1] !== 'users') return next()
  // PocketBase answers a guest or another collection's token itself (401/403).
  const auth = e.auth
  if (!auth || auth.collection().name !== 'users') return next()

  let body: JsonObject
  try {
    body = jsonBody(e)
  } catch {
    return next() // an unreadable body: PocketBase's own 400
  }
  const sent = typeof body.newEmail === 'string' ? body.newEmail : ''
  const newEmail = sent.trim().toLowerCase()
  // The one rule for addresses (src/config/email-address.ts), as on every other form.
  const unsafe = newEmail ? emailAddressProblem(newEmail) : null
  if (unsafe) {
    throw badRequest('An error occurred while validating the submitted data.', {
      newEmail: ['validation_unsafe_email', unsafe],
    })
  }
  // What PocketBase refuses whoever has the address: its own 400s.
  if (!sent || sent.length > NEW_EMAIL_MAX || sent !== sent.trim()) return next()
  if (!isWellFormed(e, auth, sent) || sent === auth.getString('email')) return next()

  // From here on the same work for every address; only the end differs.
  const taken = e.app.findRecordsByFilter('users', 'email:lower = {:email}', '', 1, 0, {
    email: newEmail,
  })
  prepareEmailChange(e.app, auth, sent, taken.length === 0)
  return e.noContent(204)
}

/** True when the users collection's e-mail field takes `address` (PocketBase's format check). */
function isWellFormed(e: RequestEvent, auth: core.Record, address: string): boolean {
  const field = auth.collection().fields.getByName('email')
  if (!field) return false
  const probe = new Record(auth.collection())
  probe.set('email', address)
  try {
    field.validateValue(e.request.context(), e.app, probe)
    return true
  } catch {
    return false
  }
}

/** Thrown to roll a registered address's work back. */
const ROLLBACK = 'email change request: a registered address, rolled back'

/**
 * What PocketBase does for a free address - the change token, the confirmation built and handed
 * to the mailer hook, which queues it - in one transaction: kept when `keep` (a free address),
 * rolled back otherwise. A failure answers PocketBase's 400 either way.
 */
function prepareEmailChange(app: App, auth: core.Record, newEmail: string, keep: boolean): void {
  try {
    app.runInTransaction((txApp) => {
      $mails.sendRecordChangeEmail(txApp, auth, newEmail)
      if (!keep) throw new Error(ROLLBACK)
    })
  } catch (err) {
    if (String(err).indexOf(ROLLBACK) >= 0) return
    app.logger().error('email change request: could not prepare the mail', 'error', String(err))
    throw badRequest('Failed to request email change.')
  }
}
