// The record hooks of the follow-ups (registered by pb_hooks/followups.pb.js), and the start an
// audit's job calls (server/leads/): an audit (re)starts its person's sequence; a message, a
// status other than New set by the consultant, or a newsletter unsubscribe stops it, with the
// reason; proof of the address (a verified account, a confirmed sign-up) plans the scheduler's
// job at once (./plan.ts). Each runs after the save succeeded and never fails it.
import type { App, RecordEvent } from '../platform/events'
import { countRows } from '../platform/sql'
import { planNext, planNow } from './plan'
import { startSequence, stopForAddress, stopSequence } from './sequences'

/**
 * A new audit (re)starts its person's sequence: run by the audit's job (server/leads/), after the
 * person was refreshed. That job runs moments after the audit's save, so a message the person sent
 * meanwhile may have found nothing to stop: a message newer than the audit stops it here. Run
 * again, it changes nothing. Never throws.
 */
export function startForAudit(app: App, audit: core.Record): void {
  try {
    startSequence(app, audit)
    const email = audit.getString('email').trim().toLowerCase()
    const messagesSince = countRows(
      app,
      'SELECT COUNT(*) AS n FROM contacts WHERE email = {:email} AND created > {:since}',
      { email, since: audit.getString('created') },
    )
    if (messagesSince > 0) stopForAddress(app, email, 'message')
    planNext(app, Date.now())
  } catch (err) {
    app.logger().error('followups: could not start', 'error', String(err))
  }
}

/** contacts, after create: a message stops the sequence. */
export function stopForMessage(e: RecordEvent): void {
  e.next()
  try {
    stopForAddress(e.app, e.record.getString('email'), 'message')
  } catch (err) {
    e.app.logger().error('followups: could not stop', 'error', String(err))
  }
}

/** person_updates, after create: the consultant's own status changes away from New. */
export function stopForStatus(e: RecordEvent): void {
  e.next()
  // A booking's (by the site) stops with `booked` itself.
  const record = e.record
  if (record.getString('kind') !== 'status' || record.getString('origin') === 'site') return
  if (!record.getString('status') || record.getString('status') === 'new') return
  try {
    stopSequence(e.app, record.getString('person'), 'status')
  } catch (err) {
    e.app.logger().error('followups: could not stop', 'error', String(err))
  }
}

/** After an update: true when `read` of the record became `wanted` with it. */
function becameNow<T>(e: RecordEvent, read: (record: core.Record) => T, wanted: T): boolean {
  return read(e.record) === wanted && read(e.record.original()) !== wanted
}

/** Runs `work` after the save; a failure is logged, never the save's. */
function afterSave(e: RecordEvent, what: string, work: () => void): void {
  try {
    work()
  } catch (err) {
    e.app.logger().error(`followups: could not ${what}`, 'error', String(err))
  }
}

/** newsletter_subscriptions, after update: an unsubscribe stops the sequence. */
export function stopForUnsubscribe(e: RecordEvent): void {
  e.next()
  if (!becameNow(e, (r) => r.getString('status'), 'unsubscribed')) return
  afterSave(e, 'stop', () => stopForAddress(e.app, e.record.getString('email'), 'unsubscribed'))
}

/** users, after update: a verified account proves its address (a waiting mail may go now). */
export function planForVerified(e: RecordEvent): void {
  e.next()
  if (becameNow(e, (r) => r.getBool('verified'), true)) afterSave(e, 'plan', () => planNow(e.app))
}

/**
 * people, after update: a confirmed newsletter sign-up proves the address. The person's row, not
 * the sign-up's, because the scheduler reads the person (refreshed after the sign-up changed).
 */
export function planForNewsletter(e: RecordEvent): void {
  e.next()
  if (becameNow(e, (r) => r.getString('newsletter'), 'active')) {
    afterSave(e, 'plan', () => planNow(e.app))
  }
}
