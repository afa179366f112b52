/// <reference path="../../.pb-types/types.d.ts" />
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

const {
  BOOKING_REPEAT_MINUTES,
  REPORT_BOOKING_DAYS,
  parsePbTime,
  toPbTime,
} = require('./shared.cjs')
const { auditOfResultsMail, readToken } = require('./followup-links.js')
const followups = require('./followups.js')
const deliveries = require('./deliveries.js')
const { ownerEmail } = require('./mail-config.js')
const { recordConfirmedBooking } = require('./funnel.js')
const { callBookedData, emitEvent } = require('./webhook-events.js')

const DAY = 24 * 60 * 60 * 1000
const MINUTE = 60 * 1000
const AUDIT_ID = /^[a-z0-9]{15}$/

/**
 * @param {string} field
 * @param {string} message
 */
function refused(field, message) {
  /** @type {Record<string, ValidationError>} */
  const data = {}
  data[field] = new ValidationError('validation_invalid_value', message)
  return new BadRequestError('The booking report was not accepted.', data)
}

/**
 * The person the report names and how, or null when it names nobody. Throws a 400 for a
 * credential that is there but not valid.
 * @param {core.App} app
 * @param {{ ref?: unknown, audit?: unknown, email?: unknown, path?: unknown }} body
 * @param {core.Record | null | undefined} auth
 * @param {number} now
 * @returns {{ person: core.Record, via: string, path?: string } | null}
 */
function namedPerson(app, body, auth, now) {
  /** @type {{ person: core.Record, via: string, path?: string } | null} */
  let named = null
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
    const audit = AUDIT_ID.test(id) ? followups.findOrNull(app, 'audits', id) : null
    const age = audit ? now - parsePbTime(audit.getString('created')) : NaN
    if (!audit || !(age <= REPORT_BOOKING_DAYS * DAY))
      throw refused('audit', 'This report cannot book for anyone.')
    const person = followups.personByEmail(app, audit.getString('email'))
    if (!person) throw refused('audit', 'This report cannot book for anyone.')
    named = { person, via: 'their audit report' }
  } else if (auth && auth.collection().name === 'users' && auth.verified()) {
    const person = followups.personByEmail(app, auth.getString('email'))
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

/**
 * The page the booking was made on, when it reads as one (else '').
 * @param {unknown} value
 */
function pathOf(value) {
  if (typeof value !== 'string') return ''
  const { touchFieldProblem } = require('./first-touch.js')
  return touchFieldProblem('path', value) ? '' : value
}

/**
 * @param {core.App} app
 * @param {{ kind: string, id: string }} token
 * @returns {core.Record | null}
 */
function personOfToken(app, token) {
  if (token.kind === 'r') {
    const audit = auditOfResultsMail(app, token.id)
    return audit ? followups.personByEmail(app, audit.getString('email')) : null
  }
  const send = followups.findOrNull(app, 'followup_sends', token.id)
  const sequence = send ? followups.findOrNull(app, 'followups', send.getString('followup')) : null
  return sequence ? followups.findOrNull(app, 'people', sequence.getString('person')) : null
}

/**
 * The booking of `named` at `now`, in one transaction. Returns `{ repeat }`: true when the same
 * booking was already recorded.
 * @param {core.App} app
 * @param {{ person: core.Record, via: string, path?: string }} named
 * @param {number} now
 */
function recordBooking(app, named, now) {
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
    followups.stopSequence(txApp, person.id, 'booked', now)
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

    const owner = ownerEmail()
    if (owner) {
      deliveries.enqueue(txApp, {
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

/**
 * "Booked after it": the latest follow-up mail of the person's sequence, if any.
 * @param {core.App} app
 * @param {string} personId
 * @param {number} now
 */
function markBookedAfter(app, personId, now) {
  const sequence = followups.sequenceOf(app, personId)
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

module.exports = { namedPerson, recordBooking }
