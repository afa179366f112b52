// The follow-up sequence after an audit. Owns two collections:
//   followups       one row per person: the running sequence's audit, the next mail's number
//                   and time, when the address showed it is theirs (a click in a results or
//                   follow-up mail), the last mail's time, and when and why it stopped;
//   followup_sends  one row per follow-up mail queued (the `followup` delivery that carries it
//                   has its id as sourceId): its step, when its booking link was clicked and
//                   whether a booking followed.
// A new audit (re)starts its person's sequence; only the latest audit's sequence runs. The
// scheduler (scheduler.ts) queues due mails on the delivery queue (kind `followup`), which
// renders each one when it is sent and cancels it if the sequence stopped meanwhile (kinds.ts).
// A stop is final for the person and keeps its reason. This module starts, stops and proves.
import type { App } from '../platform/events'
import { findOrNull } from '../platform/sql'
import { findPersonByEmail } from '../people/index'
import { cancel } from '../queue/index'
import { toPbTime } from '../../src/config/dates'
import { FOLLOWUP_STOP_REASONS } from '../../src/config/followup'
import type { FollowupStopReason, FollowupSettings } from '../../src/config/followup'
import type { MailLinkToken } from './links'
import { auditOfResultsMail } from './links'
import { planNow } from './plan'
import { readSettings } from './settings'
import { DAY, msOf } from './times'
import { execute } from '../platform/sql'

function normalise(email: string): string {
  return String(email || '')
    .trim()
    .toLowerCase()
}

/**
 * The person an address belongs to: their current address, or one they had before an e-mail
 * change.
 */
export function personByEmail(app: App, email: string): core.Record | null {
  const address = normalise(email)
  return address ? findPersonByEmail(app, address) : null
}

/**
 * The person's sequence, or null. Two people merged into one (an account's e-mail change onto
 * an address that had a person of its own) may leave two rows: they become one here - a stop
 * stands, else the later audit's sequence runs - and the mails of both stay counted.
 */
export function sequenceOf(app: App, personId: string): core.Record | null {
  const rows = app
    .findRecordsByFilter('followups', 'person = {:person}', 'created', 0, 0, { person: personId })
    .filter((row): row is core.Record => !!row)
  if (rows.length <= 1) return rows.length ? rows[0] : null
  const rank = (row: core.Record) =>
    (row.getString('stoppedAt') ? '1' : '0') + row.getString('auditAt')
  const sorted = rows.slice().sort((a, b) => (rank(a) < rank(b) ? 1 : -1))
  const keep = sorted[0]
  for (const other of sorted.slice(1)) {
    const proven = other.getString('provenAt')
    if (proven && (!keep.getString('provenAt') || proven < keep.getString('provenAt'))) {
      keep.set('provenAt', proven)
      keep.set('provenBy', other.getString('provenBy'))
    }
    if (other.getString('lastSentAt') > keep.getString('lastSentAt'))
      keep.set('lastSentAt', other.getString('lastSentAt'))
    execute(app, 'UPDATE followup_sends SET followup = {:keep} WHERE followup = {:other}', {
      keep: keep.id,
      other: other.id,
    })
    app.delete(other)
  }
  app.save(keep)
  return keep
}

/** When mail `step` (1-based) of an audit taken at `auditAtMs` is due; '' past the last mail. */
export function dueTime(settings: FollowupSettings, auditAtMs: number, step: number): string {
  const mail = settings.steps[step - 1]
  return mail ? toPbTime(auditAtMs + mail.delayDays * DAY) : ''
}

// --- starting ---------------------------------------------------------------------------------

/**
 * A new audit (re)starts its person's sequence at the first mail; a stopped sequence stays
 * stopped. Mails still queued for an older audit are cancelled. Never throws.
 */
export function startSequence(app: App, audit: core.Record): void {
  try {
    const person = personByEmail(app, audit.getString('email'))
    if (!person) return
    const auditAt = msOf(audit.getString('created'))
    app.runInTransaction((txApp) => {
      let row = sequenceOf(txApp, person.id)
      if (row && row.getString('stoppedAt')) return
      if (row && row.getString('audit') === audit.id) return
      // Only the newest audit's sequence runs (an older audit arriving late from an outbox
      // does not take over).
      if (row && msOf(row.getString('auditAt')) > auditAt) return
      if (!row) {
        row = new Record(txApp.findCollectionByNameOrId('followups'))
        row.set('person', person.id)
      } else {
        cancel(
          txApp,
          { kind: 'followup', recipient: person.getString('email') },
          'A newer audit restarted the follow-ups.',
        )
      }
      row.set('audit', audit.id)
      row.set('auditAt', audit.getString('created'))
      row.set('step', 1)
      row.set('nextAt', dueTime(readSettings(txApp), auditAt, 1))
      txApp.save(row)
    })
  } catch (err) {
    app.logger().error('followups: could not start', 'audit', audit.id, 'error', String(err))
  }
}

// --- stopping ---------------------------------------------------------------------------------

/**
 * Stops a person's sequence for good with its reason (the first reason wins) and cancels its
 * queued mails. Returns true when it was running.
 */
export function stopSequence(
  app: App,
  personId: string,
  reason: FollowupStopReason,
  now?: number,
): boolean {
  if ((FOLLOWUP_STOP_REASONS as readonly string[]).indexOf(reason) < 0)
    throw new Error(`unknown stop reason ${reason}`)
  let stopped = false
  app.runInTransaction((txApp) => {
    const row = sequenceOf(txApp, personId)
    if (!row || row.getString('stoppedAt')) return
    row.set('stoppedAt', toPbTime(now || Date.now()))
    row.set('stopReason', reason)
    row.set('stoppedStep', Math.max(0, row.getInt('step') - 1))
    row.set('nextAt', '')
    txApp.save(row)
    const person = txApp.findRecordById('people', personId)
    cancel(
      txApp,
      { kind: 'followup', recipient: person.getString('email') },
      `Follow-ups stopped: ${reason}.`,
    )
    stopped = true
  })
  return stopped
}

/** The hooks' stop (a message, a status change, an unsubscribe): by address, never throws. */
export function stopForAddress(app: App, email: string, reason: FollowupStopReason): void {
  try {
    const person = personByEmail(app, email)
    if (person) stopSequence(app, person.id, reason)
  } catch (err) {
    app.logger().error('followups: could not stop', 'reason', reason, 'error', String(err))
  }
}

// --- proof of address -------------------------------------------------------------------------

/** Who a clicked link was made for, for the booking form. */
export interface Click {
  person: core.Record
  prefill: { name: string; email: string }
}

/**
 * A click on a signed link: an audit's results mail (`r`) or a follow-up's booking link (`f`).
 * Records that the address is theirs (and the follow-up's click), and answers who they are for
 * the booking form. Returns null when the token's record no longer exists.
 */
export function recordClick(app: App, token: MailLinkToken, now: number): Click | null {
  // Set inside the transaction (a callback, which the type checker does not follow).
  let person = null as core.Record | null
  let proven = false
  app.runInTransaction((txApp) => {
    let row: core.Record | null = null
    if (token.kind === 'r') {
      const audit = auditOfResultsMail(txApp, token.id)
      if (!audit) return
      person = personByEmail(txApp, audit.getString('email'))
      if (!person) return
      row = sequenceOf(txApp, person.id)
      if (!row) {
        // A results mail sent before the sequences existed: start from its audit now.
        startSequence(txApp, audit)
        row = sequenceOf(txApp, person.id)
      }
      if (row && !row.getString('provenAt')) {
        row.set('provenAt', toPbTime(now))
        row.set('provenBy', 'results_link')
        txApp.save(row)
        proven = true
      }
    } else if (token.kind === 'f') {
      const send = findOrNull(txApp, 'followup_sends', token.id)
      if (!send) return
      row = findOrNull(txApp, 'followups', send.getString('followup'))
      if (!row) return
      person = findOrNull(txApp, 'people', row.getString('person'))
      if (!send.getString('clickedAt')) {
        send.set('clickedAt', toPbTime(now))
        txApp.save(send)
      }
      if (!row.getString('provenAt')) {
        row.set('provenAt', toPbTime(now))
        row.set('provenBy', 'followup_link')
        txApp.save(row)
        proven = true
      }
    }
  })
  // A mail that waited for this proof may go now.
  if (proven) planNow(app)
  if (!person) return null
  return {
    person,
    prefill: { name: person.getString('name'), email: person.getString('email') },
  }
}
