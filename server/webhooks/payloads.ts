// What each webhook event says: {type, timestamp, data}, with the fields a CRM needs and the
// person behind it (docs/webhooks.md shows them as sent). The site's own events are queued with
// small `args` (ids, and what must be kept as it was: a status before and after) and their body
// is built here when the first delivery is sent, from the saved records, then stored: every retry,
// resend and endpoint gets the same bytes, and a create pays only for queueing. Nothing here
// writes the delivery queue (the queue's webhook kind reads these).
import type { App } from '../platform/events'
import { readJson } from '../platform/json'
import { findOrNull } from '../platform/sql'
import { permanentError } from '../queue/index'
import { mailConfig } from '../mail/index'
import { refreshPerson } from '../people/index'
import { paths } from '../../src/config/paths'
import {
  contactSourceLabels,
  flowLabels,
  label,
  newsletterSourceLabels,
} from '../../src/config/labels'
import { SCORE_BANDS, scoreBand } from '../../src/config/score-bands'
import { personStatusLabels } from '../../src/config/leads'
import { leadSourceLabels } from '../../src/config/manual-lead'

/** The person behind an event, as every payload shows them. */
export interface PersonData {
  id: string
  email: string
  name: string
  status: string
  statusLabel: string
  latestScore: number
  bestScore: number
  auditCount: number
  messageCount: number
  newsletter: string
  url: string
}

/** What a site event keeps from the moment it happened (ids, a status before and after). */
type EventArgs = Record<string, string>

/** A PocketBase time as ISO 8601, or ''. */
export function isoTime(value: string): string {
  const text = String(value || '')
  return text ? text.replace(' ', 'T') : ''
}

/** The person's console page. */
function personUrl(app: App, personId: string): string {
  return `${mailConfig(app).links.appUrl}${paths.auditAdmin}?person=${personId}`
}

function personData(app: App, person: core.Record): PersonData {
  const status = person.getString('status')
  return {
    id: person.id,
    email: person.getString('email'),
    name: person.getString('name'),
    status,
    statusLabel: label(personStatusLabels, status),
    latestScore: person.getInt('latestScore'),
    bestScore: person.getInt('bestScore'),
    auditCount: person.getInt('auditCount'),
    messageCount: person.getInt('messageCount'),
    newsletter: person.getString('newsletter'),
    url: personUrl(app, person.id),
  }
}

/**
 * The person of an e-mail address, or null when nothing carries it any more. A person the
 * people hook has not made yet (the event was sent within milliseconds of its save) is made now;
 * refreshing twice changes nothing.
 */
export function personForEmail(app: App, email: string): PersonData | null {
  const address = String(email || '')
    .trim()
    .toLowerCase()
  if (!address) return null
  const find = () =>
    app.findRecordsByFilter('people', 'email = {:email}', '', 1, 0, { email: address })
  let rows = find()
  if (!rows.length) {
    refreshPerson(app, address)
    rows = find()
  }
  const person = rows[0]
  return person ? personData(app, person) : null
}

/** Where the record's visitor came from (its first touch), or null when it says nothing. */
function sourceOf(record: core.Record): unknown {
  const touch = readJson(record, 'firstTouch')
  return touch && typeof touch === 'object' && Object.keys(touch).length ? touch : null
}

/**
 * The record an event is about; a permanent error when it is gone (e.g. an account deleted with
 * its data before the event went out: then it is not sent).
 */
function sourceRecord(app: App, collection: string, id: string, what: string): core.Record {
  const record = findOrNull(app, collection, id)
  if (!record) throw permanentError(`The ${what} no longer exists; the event is not sent.`)
  return record
}

// --- the payloads ------------------------------------------------------------------------

/** audit.completed: the audit as saved (scores as the server computed them). */
function auditCompletedData(app: App, audit: core.Record) {
  const score = audit.getInt('overallScore')
  const band = scoreBand(score)
  const scores = readJson(audit, 'scores') as { sectionScores?: unknown } | null
  const flow = audit.getString('flow')
  return {
    audit: {
      id: audit.id,
      flow,
      flowLabel: label(flowLabels, flow),
      email: audit.getString('email'),
      score,
      band,
      bandLabel: SCORE_BANDS[band].word,
      sectionScores: (scores && scores.sectionScores) || {},
      newsletterOptIn: audit.getBool('newsletterSubscription'),
      completedAt: isoTime(audit.getString('completedAt')),
      createdAt: isoTime(audit.getString('created')),
    },
    source: sourceOf(audit),
    person: personForEmail(app, audit.getString('email')),
  }
}

/** message.received: the contact message as saved. */
function messageReceivedData(app: App, contact: core.Record) {
  const source = contact.getString('source')
  return {
    message: {
      id: contact.id,
      name: contact.getString('name'),
      email: contact.getString('email'),
      text: contact.getString('message'),
      source,
      sourceLabel: label(contactSourceLabels, source),
      auditId: contact.getString('auditId'),
      createdAt: isoTime(contact.getString('created')),
    },
    source: sourceOf(contact),
    person: personForEmail(app, contact.getString('email')),
  }
}

/**
 * subscriber.confirmed and subscriber.unsubscribed: the subscription with the status it got at
 * the event (it may have changed again since).
 */
function subscriberData(app: App, subscription: core.Record, args: EventArgs) {
  const source = subscription.getString('source')
  return {
    subscriber: {
      id: subscription.id,
      email: subscription.getString('email'),
      status: args.status,
      source,
      sourceLabel: label(newsletterSourceLabels, source),
      signedUpAt: isoTime(subscription.getString('created')),
      confirmedAt: isoTime(args.confirmedAt),
    },
    person: personForEmail(app, subscription.getString('email')),
  }
}

/**
 * person.created: the person as they are when the event is first sent, with the number and the
 * source the consultant typed for a lead added by hand ('' for someone who came through the site).
 */
function personCreatedData(app: App, person: core.Record) {
  const source = person.getString('source')
  return {
    person: personData(app, person),
    phone: person.getString('phone'),
    addedByHand: !!source,
    source,
    sourceLabel: source ? label(leadSourceLabels, source) : '',
  }
}

/** person.status_changed: the person, and the status before and after this change. */
function statusChangedData(app: App, person: core.Record, args: EventArgs) {
  return {
    person: personData(app, person),
    previousStatus: args.previousStatus,
    previousStatusLabel: label(personStatusLabels, args.previousStatus),
    status: args.status,
    statusLabel: label(personStatusLabels, args.status),
  }
}

/**
 * call.booked, from the code that ties a booking to a person (server/followups/): `booking` says
 * how the person was named and on which page ({ via, path }: small, no secrets).
 */
export function callBookedData(
  app: App,
  email: string,
  booking: Record<string, unknown>,
): { booking: Record<string, unknown>; person: PersonData | null } {
  return { booking: booking || {}, person: personForEmail(app, email) }
}

/** Builds `data` from an event's args, by type (the site's own events). */
const BUILDERS: Record<string, (app: App, args: EventArgs) => unknown> = {
  'audit.completed': (app, args) =>
    auditCompletedData(app, sourceRecord(app, 'audits', args.auditId, 'audit')),
  'message.received': (app, args) =>
    messageReceivedData(app, sourceRecord(app, 'contacts', args.contactId, 'message')),
  'subscriber.confirmed': (app, args) =>
    subscriberData(
      app,
      sourceRecord(app, 'newsletter_subscriptions', args.subscriptionId, 'subscription'),
      args,
    ),
  'subscriber.unsubscribed': (app, args) =>
    subscriberData(
      app,
      sourceRecord(app, 'newsletter_subscriptions', args.subscriptionId, 'subscription'),
      args,
    ),
  'person.created': (app, args) =>
    personCreatedData(app, sourceRecord(app, 'people', args.personId, 'person')),
  'person.status_changed': (app, args) =>
    statusChangedData(app, sourceRecord(app, 'people', args.personId, 'person'), args),
}

/** True for an event whose body can be built from args. */
export function canBuild(type: string): boolean {
  return Object.prototype.hasOwnProperty.call(BUILDERS, type)
}

/**
 * The exact body of a stored event (a webhook_events record): as stored, or built now from its
 * args and stored (only if nobody stored one meanwhile), so every delivery of it sends the same
 * bytes.
 */
export function eventBody(app: App, event: core.Record): string {
  const stored = event.getString('body')
  if (stored) return stored
  const type = event.getString('type')
  if (!canBuild(type)) throw permanentError(`The event has no body (type "${type}").`)
  const args = (readJson(event, 'args') || {}) as EventArgs
  const body = JSON.stringify({
    type,
    timestamp: isoTime(event.getString('created')),
    data: BUILDERS[type](app, args),
  })
  app
    .db()
    .newQuery("UPDATE webhook_events SET body = {:body} WHERE id = {:id} AND body = ''")
    .bind({ body, id: event.id })
    .execute()
  // Read back (no row is an error, as any other): whoever stored first decides the bytes.
  const row = new DynamicModel({ body: '' }) as unknown as { body: string }
  app
    .db()
    .newQuery('SELECT body FROM webhook_events WHERE id = {:id}')
    .bind({ id: event.id })
    .one(row)
  return row.body || body
}
