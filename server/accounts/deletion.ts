// POST /api/account/delete {password}: a signed-in user deletes their account and every row
// that is theirs, in ONE transaction (all or nothing), after re-checking their password:
//   - audits they own (user = them),
//   - ownerless (free) audits made with their e-mail when it is VERIFIED; never another user's
//     member audit, whatever address it carries,
//   - their newsletter subscription (by e-mail when verified; unverified, only the row their
//     own sign-up created, so nobody can unsubscribe an address they do not control),
//   - queued or sent mails built from those audits (they carry copies of the answers), the
//     subscription's confirmation mail and the account's own mails (they carry its address):
//     the queue deletes them (only it writes `deliveries`),
//   - the user.
// Answers: 200 {deleted: {...counts}}; 400 with data.password on a wrong password (nothing
// deleted); 401 without a user token; 429 after repeated wrong passwords (this route would
// otherwise be a password oracle outside the strict auth rate limit); 500 if the transaction
// failed (nothing deleted).
import type { App, RequestEvent } from '../platform/events'
import { badRequest } from '../platform/errors'
import { jsonBody } from '../platform/request'
import { deleteForSource } from '../queue/index'
import { recordsWhere } from '../platform/sql'
import type { AccountDeletedCounts, AccountDeleteResponse } from './api'

const MAX_FAILURES = 5
const WINDOW_MS = 15 * 60 * 1000

/** The route (behind $apis.requireAuth('users')). */
export function deleteAccount(e: RequestEvent): void {
  const auth = e.auth
  if (!auth) throw new UnauthorizedError('The request requires valid record authorization token.')
  const userId = auth.id
  const failureKey = `account-delete-failures:${userId}`
  const store = e.app.store()

  // Stored as "count:sinceMs": plain strings are safe to share between the pooled VMs.
  const now = Date.now()
  const [count, since] = String(store.get(failureKey) || '0:0')
    .split(':')
    .map(Number)
  const inWindow = now - since < WINDOW_MS
  if (inWindow && count >= MAX_FAILURES) {
    throw new TooManyRequestsError('Too many failed attempts. Please try again later.')
  }

  const body = jsonBody(e)
  const password = typeof body.password === 'string' ? body.password : ''
  if (!password || !auth.validatePassword(password)) {
    store.set(failureKey, inWindow ? `${count + 1}:${since}` : `1:${now}`)
    throw badRequest('Incorrect password.', {
      password: ['validation_invalid_password', 'Incorrect password.'],
    })
  }
  store.remove(failureKey)

  let deleted: AccountDeletedCounts
  try {
    deleted = deleteEverything(e.app, userId)
  } catch (err) {
    e.app
      .logger()
      .error('account deletion failed; nothing was deleted', 'userId', userId, 'error', String(err))
    throw new InternalServerError('Account deletion failed; nothing was deleted.')
  }
  const answer: AccountDeleteResponse = { deleted }
  return e.json(200, answer)
}

/** Deletes the user and what is theirs in one transaction; a failure rolls it all back. */
function deleteEverything(app: App, userId: string): AccountDeletedCounts {
  const deleted: AccountDeletedCounts = {
    audits: 0,
    newsletterSubscriptions: 0,
    mails: 0,
    users: 0,
  }
  app.runInTransaction((txApp) => {
    const user = txApp.findRecordById('users', userId)
    const email = user.getString('email').trim().toLowerCase()
    const verified = user.getBool('verified')

    const audits: Record<string, core.Record> = {}
    for (const audit of recordsWhere(txApp, 'audits', 'user = {:id}', { id: userId })) {
      audits[audit.id] = audit
    }
    if (verified && email) {
      for (const audit of recordsWhere(txApp, 'audits', 'email:lower = {:email} && user = ""', {
        email,
      })) {
        audits[audit.id] = audit
      }
    }
    for (const id of Object.keys(audits)) {
      deleted.mails += deleteForSource(txApp, id)
      txApp.delete(audits[id])
      deleted.audits++
    }

    if (email) {
      const filter = verified
        ? 'email = {:email}'
        : 'email = {:email} && source = "signup" && created >= {:since}'
      const params = { email, since: user.getString('created') }
      for (const sub of recordsWhere(txApp, 'newsletter_subscriptions', filter, params)) {
        // Its confirmation mail too (it carries the address and a signed link).
        deleted.mails += deleteForSource(txApp, sub.id)
        txApp.delete(sub)
        deleted.newsletterSubscriptions++
      }
    }

    deleted.mails += deleteForSource(txApp, userId)
    txApp.delete(user)
    deleted.users++
  })
  return deleted
}
