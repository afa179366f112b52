// A booking the scheduler reported from a page of the site (POST /api/bookings), tied to the
// person who made it. The scheduler's message cannot be checked with the provider, so what names
// the person is never the report's word: only
//   - `ref`: a signed link token from the results mail (r) or a follow-up (f) that led here,
//   - `audit`: the id of an audit this browser made, from its report, within REPORT_BOOKING_DAYS
//     of the audit (a random id made on the device, never in a mail or a link), or
//   - the visitor's own session, with a verified e-mail.
// A present but invalid credential refuses the whole report, and a prefilled `email` that is not
// the named person's does too, so a forged report changes nothing. A named person is marked Call
// booked by the site (shown on their timeline as such), their follow-ups stop, and one owner
// notification is queued; a second report within BOOKING_REPEAT_MINUTES is the same booking.
import { alertLead } from '../push/index'
import { badRequest } from '../platform/errors'
import type { App } from '../platform/events'
import { isRecordId } from '../platform/ids'
import type { JsonObject } from '../platform/request'
import { findOrNull } from '../platform/sql'
import { enqueue } from '../queue/index'
import { ownerEmail } from '../mail/index'
import { refreshPerson, touchFieldProblem } from '../people/index'
import { recordConfirmedBooking } from '../funnel/index'
import { callBookedData, emitEvent } from '../webhooks/index'
import { parsePbTime, toPbTime } from '../../src/config/dates'
import { BOOKING_REPEAT_MINUTES, REPORT_BOOKING_DAYS } from '../../src/config/followup'
import type { MailLinkToken } from './links'
import { auditOfResultsMail, readToken } from './links'
import { personByEmail, sequenceOf, stopSequence } from './sequences'
import { DAY } from './times'

const MINUTE = 60 * 1000

/** The person a booking report names, how, and on which page. */
export interface NamedPerson {
  person: core.Record
  via: string
  path?: string
}

function refused(field: string, message: string): BadRequestError {
  return badRequest('The booking report was not accepted.', {
    [field]: ['validation_invalid_value', message],
  })
}

/**
 * The person the report names and how, or null when it names nobody. Throws a 400 for a
 * credential that is there but not valid.
 */
export function namedPerson(
  app: App,
  body: JsonObject,
  auth: core.Record | null | undefined,
  now: number,
): NamedPerson | null {
  let named: NamedPerson | null = null
  if (body.ref !== undefined && body.ref !== '') {
    const token = readToken(app, body.ref)
    if (!token || token.kind === 's') throw refused('ref', 'This link is not valid.')
    const person = personOfToken(app, token)
    if (!person) throw refused('ref', 'This link is not valid.')
    named = {
      person,
      via: token.kind === 'r' ? 'the results e-mail' : 'a follow-up e-mail',
    }
  } else if (body.audit !== undefined && body.audit !== '') {
    const id = typeof body.audit === 'string' ? body.audit : ''
    const audit = isRecordId(id) ? findOrNull(app, 'audits', id) : null
    const age = audit ? now - parsePbTime(audit.getString('created')) : NaN
    if (!audit || !(age <= REPORT_BOOKING_DAYS * DAY))
      throw refused('audit', 'This report cannot book for anyone.')
    // An audit whose job has not run yet (a booking within moments of the report) has no person
    // yet: made now, as the job would make it.
    if (!personByEmail(app, audit.getString('email'))) refreshPerson(app, audit.getString('email'))
    const person = personByEmail(app, audit.getString('email'))
    if (!person) throw refused('audit', 'This report cannot book for anyone.')
    named = { person, via: 'their audit report' }
  } else if (auth && auth.collection().name === 'users' && auth.verified()) {
    const person = personByEmail(app, auth.getString('email'))
    if (person) named = { person, via: 'signed in' }
  }
  if (!named) return null
  named.path = pathOf(body.path)
  if (body.email !== undefined && body.email !== '') {
    const claimed = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
    if (claimed !== named.person.getString('email'))
      throw refused('email', 'This e-mail is not the one the link was made for.')
  }
  return named
}

/** The page the booking was made on, when it reads as one (else ''). */
function pathOf(value: unknown): string {
  if (typeof value !== 'string') return ''
  return touchFieldProblem('path', value) ? '' : value
}

function personOfToken(app: App, token: MailLinkToken): core.Record | null {
  if (token.kind === 'r') {
    const audit = auditOfResultsMail(app, token.id)
    return audit ? personByEmail(app, audit.getString('email')) : null
  }
  const send = findOrNull(app, 'followup_sends', token.id)
  const sequence = send ? findOrNull(app, 'followups', send.getString('followup')) : null
  return sequence ? findOrNull(app, 'people', sequence.getString('person')) : null
}

/**
 * The booking of `named` at `now`, in one transaction. Returns `{ repeat }`: true when the same
 * booking was already recorded.
 */
export function recordBooking(app: App, named: NamedPerson, now: number): { repeat: boolean } {
  let repeat = false
  app.runInTransaction((txApp) => {
    const person = txApp.findRecordById('people', named.person.id)
    const recent = txApp.findRecordsByFilter(
      'person_updates',
      'person = {:person} && origin = "site" && created >= {:since}',
      '-created',
      1,
      0,
      { person: person.id, since: toPbTime(now - BOOKING_REPEAT_MINUTES * MINUTE) },
    )
    if (recent.length) {
      repeat = true
      return
    }
    // The reason is `booked`, not the status change that follows.
    stopSequence(txApp, person.id, 'booked', now)
    markBookedAfter(txApp, person.id, now)

    const update = new Record(txApp.findCollectionByNameOrId('person_updates'))
    update.set('person', person.id)
    update.set('origin', 'site')
    const status = person.getString('status')
    if (status === 'new' || status === 'contacted') {
      update.set('kind', 'status')
      update.set('status', 'call_booked')
    } else {
      // A client or someone already booked keeps their status; the booking still shows.
      update.set('kind', 'note')
      update.set('text', 'Booked a call through the scheduler.')
    }
    txApp.save(update)

    // The funnel counts the bookings the server confirmed apart from those browsers report.
    recordConfirmedBooking(txApp, { path: named.path || '' })
    // The consultant's other tools hear of it in the same transaction (none lost in a crash).
    emitEvent(txApp, 'call.booked', () =>
      callBookedData(txApp, person.getString('email'), { via: named.via, path: named.path || '' }),
    )

    // The consultant's devices hear of it too (server/push/), in the same transaction.
    alertLead(txApp, { what: 'booking', sourceId: update.id }, now)
    const owner = ownerEmail()
    if (owner) {
      enqueue(txApp, {
        kind: 'owner_booking',
        recipient: owner,
        sourceId: update.id,
        payload: { via: named.via },
        runAt: now,
        uniqueKey: `owner_booking:${update.id}`,
      })
    }
  })
  return { repeat }
}

/** "Booked after it": the latest follow-up mail of the person's sequence, if any. */
function markBookedAfter(app: App, personId: string, now: number): void {
  const sequence = sequenceOf(app, personId)
  if (!sequence) return
  app
    .db()
    .newQuery(
      'UPDATE followup_sends SET bookedAt = {:now}, updated = {:now} WHERE id = (' +
        'SELECT id FROM followup_sends WHERE followup = {:followup} ' +
        "ORDER BY created DESC, step DESC LIMIT 1) AND bookedAt = ''",
    )
    .bind({ now: toPbTime(now), followup: sequence.id })
    .execute()
}
