// The newsletter's states. Owns newsletter_subscriptions.status:
//   pending       signed up, confirmation mail queued; removed after PENDING_DAYS
//   active        confirmed from the mail's link (or by a signed-in user with a verified e-mail)
//   unsubscribed  opted out; stays suppressed until a new sign-up is confirmed again
// The signed links are ./links; the sign-ups answered at once and decided later, ./signups.
import { enqueue } from '../queue/index'
import type { App, RequestEvent } from '../platform/events'
import { isRecordId, newRecordId } from '../platform/ids'
import { toPbTime } from '../../src/config/dates'
import type { NewsletterStatus } from '../../src/config/record-codes'
import type { OwnSubscriptionStatus } from './api'
import { COLLECTION } from './links'

export const PENDING_DAYS = 30

/** What a sign-up tells about itself (the source and the browser), when it has a row made. */
export interface SignUpFields {
  source?: string
  userAgent?: string
}

/** The subscription of `email` (lowercased already), or null. */
export function subscriptionByEmail(app: App, email: string): core.Record | null {
  const rows = app.findRecordsByFilter(COLLECTION, 'email = {:email}', '', 1, 0, { email })
  return rows.length > 0 && rows[0] ? rows[0] : null
}

/**
 * Queues the confirmation mail in the delivery queue, within its limits (one per address per
 * MAIL_RESULTS_PER_RECIPIENT_HOURS, 24 by default, so a repeated sign-up changes nothing for the
 * inbox; the daily cap per IP). `clientIp` is the request's address, empty when the server signs
 * up on a visitor's behalf. The mail is rendered when sent, with its signed links and
 * List-Unsubscribe headers. Never throws. Returns true when a mail was queued.
 */
export function queueConfirmation(app: App, record: core.Record, clientIp: string): boolean {
  try {
    const result = enqueue(app, {
      kind: 'newsletter_confirm',
      recipient: record.getString('email'),
      sourceId: record.id,
      clientIp: clientIp || '',
    })
    return result.queued
  } catch (err) {
    app
      .logger()
      .error('newsletter: could not queue the confirmation', 'id', record.id, 'error', String(err))
    return false
  }
}

/** Marks `record` as asking for confirmation now (a new sign-up, or again after leaving). */
export function markPending(record: core.Record): void {
  record.set('status', 'pending')
  record.set('requestedAt', new DateTime())
}

/**
 * A sign-up of an address that already has a row: active stays active (and gets no mail);
 * pending stays pending, asked again now, and gets a confirmation mail (within the 24-hour cap);
 * unsubscribed gets a NEW row (a new id, `fields.source` and `fields.userAgent`), pending, and a
 * confirmation mail: the links mailed for the old row, confirm and unsubscribe, name a row that
 * is gone and stop working, so an old confirmation link cannot make the address active again
 * after someone else signs it up.
 */
export function signUpAgain(
  app: App,
  record: core.Record,
  clientIp: string,
  fields?: SignUpFields,
): void {
  const status = record.getString('status')
  if (status === 'active') return
  if (status !== 'unsubscribed') {
    markPending(record)
    app.save(record)
    queueConfirmation(app, record, clientIp)
    return
  }
  const given = fields || {}
  const fresh = new Record(record.collection())
  fresh.id = newRecordId()
  fresh.set('email', record.getString('email'))
  fresh.set('source', given.source || record.getString('source'))
  fresh.set('userAgent', String(given.userAgent || '').slice(0, 512))
  markPending(fresh)
  app.runInTransaction((txApp) => {
    txApp.delete(record)
    txApp.save(fresh)
  })
  queueConfirmation(app, fresh, clientIp)
}

/**
 * A sign-up made by the server (the audit's newsletter choice, the Settings tab); `clientIp` is
 * the address of the request behind it, for the cap on visitor mail. Never throws.
 */
export function signUp(
  app: App,
  email: string,
  source: string,
  userAgent: string,
  clientIp: string,
): void {
  try {
    const address = String(email || '')
      .trim()
      .toLowerCase()
    if (!address) return
    const existing = subscriptionByEmail(app, address)
    if (existing) {
      signUpAgain(app, existing, clientIp, { source, userAgent })
      return
    }
    const record = new Record(app.findCollectionByNameOrId(COLLECTION))
    record.id = newRecordId()
    record.set('email', address)
    record.set('source', source)
    record.set('userAgent', String(userAgent || '').slice(0, 512))
    markPending(record)
    app.save(record)
    queueConfirmation(app, record, clientIp)
  } catch (err) {
    app.logger().error('newsletter: server sign-up failed', 'source', source, 'error', String(err))
  }
}

/** pending -> active. Returns the status after (an unsubscribed row is left alone). */
export function confirm(app: App, record: core.Record): string {
  const status = record.getString('status')
  if (status !== 'pending') return status
  record.set('status', 'active')
  record.set('confirmedAt', new DateTime())
  app.save(record)
  return 'active'
}

/**
 * Unsubscribes at once. `issueId` is the newsletter issue whose link was followed (counted in its
 * results); the caller skips the copies of any issue still waiting for this address
 * (skipWaitingCopies).
 */
export function unsubscribe(app: App, record: core.Record, issueId?: string): 'unsubscribed' {
  if (record.getString('status') !== 'unsubscribed') {
    record.set('status', 'unsubscribed')
    record.set('unsubscribedAt', new DateTime())
    record.set('unsubscribedIssue', isRecordId(issueId) ? issueId : '')
    app.save(record)
  }
  return 'unsubscribed'
}

/** Removes pending sign-ups not confirmed within PENDING_DAYS; returns how many. */
export function removeStalePending(app: App): number {
  const cutoff = toPbTime(Date.now() - PENDING_DAYS * 24 * 60 * 60 * 1000)
  const result = app
    .db()
    .newQuery(
      `DELETE FROM ${COLLECTION} WHERE status = 'pending' AND ` +
        "(CASE WHEN requestedAt != '' THEN requestedAt ELSE created END) < {:cutoff}",
    )
    .bind({ cutoff })
    .execute()
  return result.rowsAffected()
}

/** The signed-in user of a route behind $apis.requireAuth('users'). */
export function signedInUser(e: RequestEvent): core.Record {
  const auth = e.auth
  if (!auth) throw new UnauthorizedError('The request requires valid record authorization token.')
  return auth
}

/** The signed-in user's address, its subscription row (or null), and whether it is theirs. */
export interface OwnSubscription {
  email: string
  record: core.Record | null
  mine: boolean
}

/**
 * The signed-in user's address, its subscription row (or null), and whether that row is theirs
 * to see and change: always with a verified e-mail; with an unverified one only the row their own
 * sign-up made (as account deletion decides), so an account opened with somebody else's address
 * can neither read nor cancel that person's subscription.
 */
export function ownSubscription(e: RequestEvent): OwnSubscription {
  const auth = signedInUser(e)
  const email = auth.getString('email').toLowerCase()
  const record = subscriptionByEmail(e.app, email)
  const mine =
    !!record &&
    (auth.verified() ||
      (record.getString('source') === 'signup' &&
        record.getString('created') >= auth.getString('created')))
  return { email, record, mine }
}

/**
 * What GET/POST /api/newsletter/me show the signed-in user: the real status with a verified
 * e-mail; with an unverified one only what the user's own choice and own confirmed row say
 * ('active' for the row their own sign-up made once confirmed, else 'pending' when they asked
 * for the newsletter and 'none' when not), never the state of a row someone else made.
 */
export function visibleStatus(e: RequestEvent): OwnSubscriptionStatus {
  const auth = signedInUser(e)
  const own = ownSubscription(e)
  if (auth.verified()) {
    return own.record ? (own.record.getString('status') as NewsletterStatus) : 'none'
  }
  if (own.mine && own.record && own.record.getString('status') === 'active') return 'active'
  const user = e.app.findRecordById('users', auth.id)
  return user.getBool('newsletterConsent') ? 'pending' : 'none'
}
