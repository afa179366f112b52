/// <reference path="../../.pb-types/types.d.ts" />
// Emitting webhook events: an event is stored once in webhook_events and one delivery per enabled
// endpoint subscribed to its type is queued in the delivery queue (one INSERT ... SELECT), all
// with the `app` given. Call it with the transaction of the change that caused the event, so the
// event exists exactly when the change does. With no endpoint subscribed nothing is stored: an
// event costs a create one indexed query. What events say: lib/webhook-payloads.js.

const shared = require('./shared.cjs')
const deliveries = require('./deliveries.js')
const payloads = require('./webhook-payloads.js')
const { mailConfig } = require('./mail-config.js')

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
// The enabled endpoints that picked an event type.
const SUBSCRIBED =
  'FROM webhook_endpoints WHERE enabled = 1 AND EXISTS ' +
  '(SELECT 1 FROM json_each(webhook_endpoints.events) WHERE value = {:type})'

/**
 * @typedef {{ eventId: string, queued: number }} Emitted
 */

/** @param {core.App} app @param {string} type @returns {boolean} */
function anySubscribed(app, type) {
  const row = new DynamicModel({ n: 0 })
  app
    .db()
    .newQuery(`SELECT COUNT(*) AS n FROM (SELECT 1 ${SUBSCRIBED} LIMIT 1)`)
    .bind({ type })
    .one(row)
  return row.n > 0
}

/**
 * Stores the event (its body, or the args its body is built from at the first send) and queues
 * its deliveries: to every subscribed endpoint, or to `onlyEndpoint`.
 * @param {core.App} app
 * @param {string} type
 * @param {{ body?: string, args?: Record<string, string> }} content
 * @param {string} onlyEndpoint
 * @param {'event' | 'test'} trigger
 * @returns {Emitted}
 */
function storeAndQueue(app, type, content, onlyEndpoint, trigger) {
  const eventId = $security.randomStringWithAlphabet(15, ID_ALPHABET)
  app
    .db()
    .newQuery(
      'INSERT INTO webhook_events (id, type, body, args, testEndpoint, created) ' +
        'VALUES ({:id}, {:type}, {:body}, {:args}, {:testEndpoint}, {:created})',
    )
    .bind({
      id: eventId,
      type,
      body: content.body || '',
      args: content.args ? JSON.stringify(content.args) : null,
      testEndpoint: trigger === 'test' ? onlyEndpoint : '',
      created: shared.toPbTime(Date.now()),
    })
    .execute()
  const recipients = onlyEndpoint ? 'FROM webhook_endpoints WHERE id = {:endpoint}' : SUBSCRIBED
  const queued = deliveries.enqueueMany(app, {
    kind: 'webhook',
    select:
      "SELECT id AS recipient, {:event} AS sourceId, 'webhook:' || id || ':' || {:event} AS uniqueKey, " +
      `{:payload} AS payload ${recipients}`,
    params: {
      type,
      event: eventId,
      endpoint: onlyEndpoint,
      payload: JSON.stringify({ trigger }),
    },
  })
  return { eventId, queued }
}

/**
 * Sends event `type` to every enabled endpoint subscribed to it, with `data` as its payload's
 * `data`: stored once with its body, one delivery queued per endpoint. Call it with the
 * transaction (`txApp`) of the change that caused it. With no endpoint subscribed it stores
 * nothing and `data` (when a function) is not called. Database errors propagate, so the
 * caller's transaction decides; a caller that must not fail catches them.
 * @param {core.App} app
 * @param {string} type one of WEBHOOK_EVENT_TYPES
 * @param {unknown | (() => unknown)} data
 * @returns {Emitted}
 */
function emitEvent(app, type, data) {
  if (/** @type {readonly string[]} */ (shared.WEBHOOK_EVENT_TYPES).indexOf(type) < 0) {
    throw new Error(`Unknown webhook event type "${type}".`)
  }
  if (!anySubscribed(app, type)) return { eventId: '', queued: 0 }
  const value = typeof data === 'function' ? data() : data
  const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data: value })
  return storeAndQueue(app, type, { body }, '', 'event')
}

/**
 * Like emitEvent for the site's own events (lib/webhook-payloads.js knows how to build them):
 * only `args` (ids, and what must be kept as it was at the event) are stored now; the body is
 * built from the saved records when the first delivery is sent.
 * @param {core.App} app
 * @param {string} type
 * @param {Record<string, string>} args
 * @returns {Emitted}
 */
function queueEvent(app, type, args) {
  if (!payloads.canBuild(type)) throw new Error(`No payload builder for "${type}".`)
  if (!anySubscribed(app, type)) return { eventId: '', queued: 0 }
  return storeAndQueue(app, type, { args }, '', 'event')
}

/**
 * "Send test event": a `webhook.test` event to one endpoint (switched on or not: the consultant
 * asked for it).
 * @param {core.App} app
 * @param {core.Record} endpoint
 * @returns {Emitted}
 */
function emitTestEvent(app, endpoint) {
  const body = JSON.stringify({
    type: shared.WEBHOOK_TEST_EVENT,
    timestamp: new Date().toISOString(),
    data: {
      message: `A test event from ${mailConfig(app).businessName}. If you can read this, the connection works.`,
      endpoint: { id: endpoint.id, url: endpoint.getString('url') },
    },
  })
  return storeAndQueue(app, shared.WEBHOOK_TEST_EVENT, { body }, endpoint.id, 'test')
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
 * For an execute hook: runs the save (`e.next()`) and then queues the event in one transaction
 * (joining the caller's, if there is one). Queueing never fails the save; a failure is logged.
 * A save that fails answers as pb_hooks/save-errors.pb.js says (503, or the unique-constraint
 * error as it was): PocketBase runs execute hooks in no fixed order, and an error that crossed
 * this transaction would otherwise reach the client as a bare 400.
 * @param {core.RecordEvent} e
 * @param {string} type
 * @param {() => Record<string, string>} args
 */
function saveThenQueue(e, type, args) {
  try {
    e.app.runInTransaction((txApp) => {
      const outerApp = e.app
      e.app = txApp
      try {
        e.next()
      } finally {
        e.app = outerApp
      }
      try {
        queueEvent(txApp, type, args())
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
  } catch (err) {
    const saveErrors = require('./save-errors.js')
    if (saveErrors.isUniqueViolation(err)) throw err
    throw saveErrors.unavailable(e.app, e.record, err)
  }
}

module.exports = {
  emitEvent,
  queueEvent,
  emitTestEvent,
  resendEvent,
  saveThenQueue,
  callBookedData: payloads.callBookedData,
}
