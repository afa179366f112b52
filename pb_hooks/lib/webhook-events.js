/// <reference path="../../.pb-types/types.d.ts" />
// Webhook events: what each one says, and emitEvent, the one way to send one. An event is stored
// once in webhook_events with the exact JSON body ({type, timestamp, data}) every endpoint gets,
// and one delivery per enabled endpoint subscribed to its type is queued in the delivery queue,
// all with the `app` given: call it with the transaction of the change that caused the event, so
// the event exists exactly when the change does. The payloads are documented in docs/webhooks.md.

const shared = require(`${__hooks}/lib/shared.cjs`)
const { mailConfig } = require('./mail-config.js')

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * @typedef {{ id: string, email: string, name: string, status: string, statusLabel: string,
 *   latestScore: number, bestScore: number, auditCount: number, messageCount: number,
 *   newsletter: string, url: string }} PersonData
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
 * The person of an e-mail address as the event's transaction sees it: refreshed first, so a new
 * address already has its person (people.pb.js refreshes again after the save; no harm). Null
 * when there is none (an address nothing carries any more).
 * @param {core.App} app
 * @param {string} email
 * @returns {PersonData | null}
 */
function personForEmail(app, email) {
  const address = String(email || '')
    .trim()
    .toLowerCase()
  if (!address) return null
  require('./people.js').refreshPerson(app, address)
  const rows = app.findRecordsByFilter('people', 'email = {:email}', '', 1, 0, { email: address })
  return rows.length ? personData(app, rows[0]) : null
}

/** @param {core.Record} record @returns {Record<string, string> | null} */
function sourceOf(record) {
  const touch = jsonField(record, 'firstTouch')
  return touch && typeof touch === 'object' && Object.keys(touch).length ? touch : null
}

// --- the payloads ------------------------------------------------------------------------

/** audit.completed: a saved audit (scores as the server computed them). */
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

/** message.received: a saved contact message. */
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

/** subscriber.confirmed and subscriber.unsubscribed: a newsletter row after its change. */
function subscriberData(/** @type {core.App} */ app, /** @type {core.Record} */ subscription) {
  const source = subscription.getString('source')
  return {
    subscriber: {
      id: subscription.id,
      email: subscription.getString('email'),
      status: subscription.getString('status'),
      source,
      sourceLabel: shared.label(shared.newsletterSourceLabels, source),
      signedUpAt: isoTime(subscription.getString('created')),
      confirmedAt: isoTime(subscription.getString('confirmedAt')),
    },
    person: personForEmail(app, subscription.getString('email')),
  }
}

/** person.status_changed: the person row with its new status, and the status before. */
function statusChangedData(
  /** @type {core.App} */ app,
  /** @type {core.Record} */ person,
  /** @type {string} */ previousStatus,
) {
  const status = person.getString('status')
  return {
    person: personData(app, person),
    previousStatus,
    previousStatusLabel: shared.label(shared.personStatusLabels, previousStatus),
    status,
    statusLabel: shared.label(shared.personStatusLabels, status),
  }
}

/**
 * call.booked: for the code that ties a booking to a person. `booking` is what the scheduler
 * told us ({ startsAt, endsAt, eventType, url, ... }, small and without secrets).
 * @param {core.App} app
 * @param {string} email
 * @param {Record<string, unknown>} booking
 */
function callBookedData(app, email, booking) {
  return { booking: booking || {}, person: personForEmail(app, email) }
}

// --- emitting ----------------------------------------------------------------------------

/**
 * The enabled endpoints subscribed to `type`.
 * @param {core.App} app
 * @param {string} type
 * @returns {string[]}
 */
function subscribedEndpoints(app, type) {
  const rows = arrayOf(new DynamicModel({ id: '' }))
  app
    .db()
    .newQuery(
      'SELECT id FROM webhook_endpoints WHERE enabled = 1 AND EXISTS ' +
        '(SELECT 1 FROM json_each(webhook_endpoints.events) WHERE value = {:type}) ORDER BY created',
    )
    .bind({ type })
    .all(rows)
  return rows.map((row) => row.id)
}

/**
 * Stores the event and queues one delivery per endpoint in `endpointIds`.
 * @param {core.App} app
 * @param {string} type
 * @param {unknown} data
 * @param {string[]} endpointIds
 * @param {string} testEndpoint
 * @param {'event' | 'test'} trigger
 * @returns {{ eventId: string, queued: number }}
 */
function storeAndQueue(app, type, data, endpointIds, testEndpoint, trigger) {
  const deliveries = require('./deliveries.js')
  const eventId = $security.randomStringWithAlphabet(15, ID_ALPHABET)
  const now = new Date()
  const body = JSON.stringify({ type, timestamp: now.toISOString(), data })
  app
    .db()
    .newQuery(
      'INSERT INTO webhook_events (id, type, body, testEndpoint, created) ' +
        'VALUES ({:id}, {:type}, {:body}, {:testEndpoint}, {:created})',
    )
    .bind({ id: eventId, type, body, testEndpoint, created: shared.toPbTime(now) })
    .execute()
  let queued = 0
  for (const endpointId of endpointIds) {
    const result = deliveries.enqueue(app, {
      kind: 'webhook',
      recipient: endpointId,
      sourceId: eventId,
      payload: { trigger },
      uniqueKey: `webhook:${endpointId}:${eventId}`,
    })
    if (result.queued) queued++
  }
  return { eventId, queued }
}

/**
 * Sends event `type` with `data` to every enabled endpoint subscribed to it: one stored event,
 * one queued delivery each. Call it with the transaction (`txApp`) of the change that caused
 * the event. With no endpoint subscribed it stores nothing. Database errors propagate, so the
 * caller's transaction decides; a caller that must not fail catches them.
 * @param {core.App} app
 * @param {string} type one of WEBHOOK_EVENT_TYPES
 * @param {unknown | (() => unknown)} data the payload's `data`, or a function that builds it
 *   (called only when some endpoint is subscribed, so an unsubscribed event costs one query)
 * @returns {{ eventId: string, queued: number }}
 */
function emitEvent(app, type, data) {
  if (shared.WEBHOOK_EVENT_TYPES.indexOf(type) < 0) {
    throw new Error(`Unknown webhook event type "${type}".`)
  }
  const endpointIds = subscribedEndpoints(app, type)
  if (endpointIds.length === 0) return { eventId: '', queued: 0 }
  const payload = typeof data === 'function' ? data() : data
  return storeAndQueue(app, type, payload, endpointIds, '', 'event')
}

/**
 * "Send test event": a `webhook.test` event to one endpoint (enabled or not: the consultant
 * asked for it).
 * @param {core.App} app
 * @param {core.Record} endpoint
 * @returns {{ eventId: string, queued: number }}
 */
function emitTestEvent(app, endpoint) {
  const data = {
    message: `A test event from ${mailConfig(app).businessName}. If you can read this, the connection works.`,
    endpoint: { id: endpoint.id, url: endpoint.getString('url') },
  }
  return storeAndQueue(app, shared.WEBHOOK_TEST_EVENT, data, [endpoint.id], endpoint.id, 'test')
}

/**
 * "Resend": the stored event to one endpoint again (a new delivery, the same body and
 * webhook-id, so a receiver that already has it drops it). Goes to a switched-off endpoint too.
 * @param {core.App} app
 * @param {core.Record} endpoint
 * @param {core.Record} event
 * @returns {boolean} queued
 */
function resendEvent(app, endpoint, event) {
  const deliveries = require('./deliveries.js')
  const result = deliveries.enqueue(app, {
    kind: 'webhook',
    recipient: endpoint.id,
    sourceId: event.id,
    payload: { trigger: 'resend' },
    uniqueKey: `webhook:${endpoint.id}:${event.id}:resend:${$security.randomStringWithAlphabet(10, ID_ALPHABET)}`,
  })
  return result.queued
}

/**
 * For an execute hook: runs the save (`e.next()`) and then emits the event in one transaction
 * (joining the caller's, if there is one). Queueing never fails the save; a failure is logged.
 * @param {core.RecordEvent} e
 * @param {string} type
 * @param {(txApp: core.App) => unknown} build the payload's `data`, from the transaction
 */
function saveThenEmit(e, type, build) {
  e.app.runInTransaction((txApp) => {
    const outerApp = e.app
    e.app = txApp
    try {
      e.next()
    } finally {
      e.app = outerApp
    }
    try {
      emitEvent(txApp, type, () => build(txApp))
    } catch (err) {
      txApp
        .logger()
        .error(
          'webhooks: could not queue an event',
          'type',
          type,
          'recordId',
          e.record.id,
          'error',
          String(err),
        )
    }
  })
}

module.exports = {
  emitEvent,
  emitTestEvent,
  resendEvent,
  saveThenEmit,
  auditCompletedData,
  messageReceivedData,
  subscriberData,
  statusChangedData,
  callBookedData,
  personForEmail,
}
