/// <reference path="../../.pb-types/types.d.ts" />
// What each webhook event says: {type, timestamp, data}, with the fields a CRM needs and the
// person behind it (docs/webhooks.md shows them as sent). The site's own events are queued with
// small `args` (ids, and what must be kept as it was: a status before and after) and their body
// is built here when the first delivery is sent, from the saved records, then stored: every retry,
// resend and endpoint gets the same bytes, and a create pays only for queueing. Nothing here
// writes the delivery queue (the queue's webhook kind reads these).

const shared = require('./shared.cjs')
const { mailConfig } = require('./mail-config.js')
const { permanentError } = require('./delivery-errors.js')

/**
 * @typedef {{ id: string, email: string, name: string, status: string, statusLabel: string,
 *   latestScore: number, bestScore: number, auditCount: number, messageCount: number,
 *   newsletter: string, url: string }} PersonData
 * @typedef {Record<string, string>} EventArgs
 */

/** @param {string} value a PocketBase time @returns {string} ISO 8601, or '' */
function isoTime(value) {
  const text = String(value || '')
  return text ? text.replace(' ', 'T') : ''
}

/** @param {core.Record} record @param {string} field @returns {any} */
function jsonField(record, field) {
  try {
    const raw = record.getString(field)
    return raw ? JSON.parse(raw) : null
  } catch (_) {
    return null
  }
}

/** @param {core.App} app @param {string} personId @returns {string} the person's console page */
function personUrl(app, personId) {
  return `${mailConfig(app).links.appUrl}${shared.paths.auditAdmin}?person=${personId}`
}

/** @param {core.App} app @param {core.Record} person @returns {PersonData} */
function personData(app, person) {
  const status = person.getString('status')
  return {
    id: person.id,
    email: person.getString('email'),
    name: person.getString('name'),
    status,
    statusLabel: shared.label(shared.personStatusLabels, status),
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
 * @param {core.App} app
 * @param {string} email
 * @returns {PersonData | null}
 */
function personForEmail(app, email) {
  const address = String(email || '')
    .trim()
    .toLowerCase()
  if (!address) return null
  const find = () =>
    app.findRecordsByFilter('people', 'email = {:email}', '', 1, 0, { email: address })
  let rows = find()
  if (!rows.length) {
    require('./people.js').refreshPerson(app, address)
    rows = find()
  }
  return rows.length ? personData(app, rows[0]) : null
}

/** @param {core.Record} record @returns {Record<string, string> | null} */
function sourceOf(record) {
  const touch = jsonField(record, 'firstTouch')
  return touch && typeof touch === 'object' && Object.keys(touch).length ? touch : null
}

/**
 * The record an event is about; a permanent error when it is gone (e.g. an account deleted with
 * its data before the event went out: then it is not sent).
 * @param {core.App} app @param {string} collection @param {string} id @param {string} what
 */
function sourceRecord(app, collection, id, what) {
  try {
    return app.findRecordById(collection, id)
  } catch (_) {
    throw permanentError(`The ${what} no longer exists; the event is not sent.`)
  }
}

// --- the payloads ------------------------------------------------------------------------

/** audit.completed: the audit as saved (scores as the server computed them). */
function auditCompletedData(/** @type {core.App} */ app, /** @type {core.Record} */ audit) {
  const score = audit.getInt('overallScore')
  const band = shared.scoreBand(score)
  const scores = jsonField(audit, 'scores')
  const flow = audit.getString('flow')
  return {
    audit: {
      id: audit.id,
      flow,
      flowLabel: shared.label(shared.flowLabels, flow),
      email: audit.getString('email'),
      score,
      band,
      bandLabel: shared.SCORE_BANDS[band].word,
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
function messageReceivedData(/** @type {core.App} */ app, /** @type {core.Record} */ contact) {
  const source = contact.getString('source')
  return {
    message: {
      id: contact.id,
      name: contact.getString('name'),
      email: contact.getString('email'),
      text: contact.getString('message'),
      source,
      sourceLabel: shared.label(shared.contactSourceLabels, source),
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
 * @param {core.App} app @param {core.Record} subscription @param {EventArgs} args
 */
function subscriberData(app, subscription, args) {
  const source = subscription.getString('source')
  return {
    subscriber: {
      id: subscription.id,
      email: subscription.getString('email'),
      status: args.status,
      source,
      sourceLabel: shared.label(shared.newsletterSourceLabels, source),
      signedUpAt: isoTime(subscription.getString('created')),
      confirmedAt: isoTime(args.confirmedAt),
    },
    person: personForEmail(app, subscription.getString('email')),
  }
}

/**
 * person.status_changed: the person, and the status before and after this change.
 * @param {core.App} app @param {core.Record} person @param {EventArgs} args
 */
function statusChangedData(app, person, args) {
  return {
    person: personData(app, person),
    previousStatus: args.previousStatus,
    previousStatusLabel: shared.label(shared.personStatusLabels, args.previousStatus),
    status: args.status,
    statusLabel: shared.label(shared.personStatusLabels, args.status),
  }
}

/**
 * call.booked, from the code that ties a booking to a person (lib/bookings.js): `booking` says
 * how the person was named and on which page ({ via, path }: small, no secrets).
 * @param {core.App} app @param {string} email @param {Record<string, unknown>} booking
 */
function callBookedData(app, email, booking) {
  return { booking: booking || {}, person: personForEmail(app, email) }
}

/** Builds `data` from an event's args, by type (the site's own events). */
const BUILDERS = {
  /** @param {core.App} app @param {EventArgs} args */
  'audit.completed': (app, args) =>
    auditCompletedData(app, sourceRecord(app, 'audits', args.auditId, 'audit')),
  /** @param {core.App} app @param {EventArgs} args */
  'message.received': (app, args) =>
    messageReceivedData(app, sourceRecord(app, 'contacts', args.contactId, 'message')),
  /** @param {core.App} app @param {EventArgs} args */
  'subscriber.confirmed': (app, args) =>
    subscriberData(
      app,
      sourceRecord(app, 'newsletter_subscriptions', args.subscriptionId, 'subscription'),
      args,
    ),
  /** @param {core.App} app @param {EventArgs} args */
  'subscriber.unsubscribed': (app, args) =>
    subscriberData(
      app,
      sourceRecord(app, 'newsletter_subscriptions', args.subscriptionId, 'subscription'),
      args,
    ),
  /** @param {core.App} app @param {EventArgs} args */
  'person.status_changed': (app, args) =>
    statusChangedData(app, sourceRecord(app, 'people', args.personId, 'person'), args),
}

/** @param {string} type @returns {boolean} an event whose body can be built from args */
function canBuild(type) {
  return Object.prototype.hasOwnProperty.call(BUILDERS, type)
}

/**
 * The exact body of a stored event: as stored, or built now from its args and stored (only if
 * nobody stored one meanwhile), so every delivery of it sends the same bytes.
 * @param {core.App} app
 * @param {core.Record} event a webhook_events record
 * @returns {string}
 */
function eventBody(app, event) {
  const stored = event.getString('body')
  if (stored) return stored
  const type = event.getString('type')
  if (!canBuild(type)) throw permanentError(`The event has no body (type "${type}").`)
  const args = jsonField(event, 'args') || {}
  const body = JSON.stringify({
    type,
    timestamp: isoTime(event.getString('created')),
    data: BUILDERS[/** @type {keyof typeof BUILDERS} */ (type)](app, args),
  })
  app
    .db()
    .newQuery("UPDATE webhook_events SET body = {:body} WHERE id = {:id} AND body = ''")
    .bind({ body, id: event.id })
    .execute()
  const row = new DynamicModel({ body: '' })
  app
    .db()
    .newQuery('SELECT body FROM webhook_events WHERE id = {:id}')
    .bind({ id: event.id })
    .one(row)
  return row.body || body
}

module.exports = {
  eventBody,
  canBuild,
  callBookedData,
  personForEmail,
  isoTime,
}
