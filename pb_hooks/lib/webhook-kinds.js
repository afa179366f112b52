/// <reference path="../../.pb-types/types.d.ts" />
// The `webhook` kind of the delivery queue: one row per event and endpoint (recipient = the
// endpoint's id, sourceId = the event's id, payload.trigger = event | resend | test). Retried on
// Svix's schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then every 10 h) with up to 10 %
// added at random, never less, for WEBHOOK_LIFETIME_HOURS. Rendering signs the stored body at
// the moment of sending: a fresh webhook-timestamp on every attempt, the same webhook-id.

/** @typedef {import('./delivery-types').DeliveryKind} DeliveryKind */
/** @typedef {import('./delivery-types').DeliveryRow} DeliveryRow */

const shared = require('./shared.cjs')
const { permanentError } = require('./delivery-errors.js')
const signing = require('./webhook-signing.js')
const payloads = require('./webhook-payloads.js')
const webhookLog = require('./webhook-log.js')

/**
 * Milliseconds to wait after the `attempt`-th failed attempt (1 = the first).
 * @param {number} attempt
 * @returns {number}
 */
function backoffMs(attempt) {
  const schedule = shared.WEBHOOK_RETRY_SECONDS
  const seconds = schedule[Math.min(Math.max(attempt, 1), schedule.length) - 1]
  return Math.round(seconds * 1000 * (1 + Math.random() * shared.WEBHOOK_RETRY_JITTER))
}

/** @param {string} eventId @returns {string} the webhook-id of an event */
function messageId(eventId) {
  return `msg_${eventId}`
}

/** @param {DeliveryRow} row @returns {string} event | resend | test */
function triggerOf(row) {
  try {
    const payload = row.payload ? JSON.parse(row.payload) : null
    const trigger = payload && payload.trigger
    return trigger === 'resend' || trigger === 'test' ? trigger : 'event'
  } catch (_) {
    return 'event'
  }
}

/**
 * The signed request of one attempt, or `cancel` when its endpoint is gone or switched off (a
 * resend or test the consultant asked for still goes to a switched-off endpoint).
 * @param {core.App} app
 * @param {DeliveryRow} row
 * @returns {import('./delivery-types').Rendered}
 */
function render(app, row) {
  /** @type {core.Record} */
  let endpoint
  try {
    endpoint = app.findRecordById('webhook_endpoints', row.recipient)
  } catch (_) {
    return { cancel: 'The endpoint was deleted.' }
  }
  if (!endpoint.getBool('enabled') && triggerOf(row) === 'event') {
    return { cancel: 'The endpoint is switched off.' }
  }
  /** @type {core.Record} */
  let event
  try {
    event = app.findRecordById('webhook_events', row.sourceId)
  } catch (_) {
    throw permanentError('The event is no longer stored.')
  }
  const body = payloads.eventBody(app, event)
  // The signature's time is the real clock's, whatever time a test run pretends it is.
  const now = Date.now()
  const headers = signing.signatureHeaders(
    signing.signingSecrets(endpoint, now),
    messageId(event.id),
    now / 1000,
    body,
  )
  return { body, headers }
}

/** @type {Record<string, DeliveryKind>} */
const kinds = {
  webhook: {
    channel: 'webhook',
    class: 'webhook',
    lifetimeHours: shared.WEBHOOK_LIFETIME_HOURS,
    // The signature carries a timestamp receivers check: never keep or reuse a signed request.
    keepBody: false,
    backoffMs,
    render,
    afterFailed(app, row, reason) {
      webhookLog.markGivenUp(app, row, triggerOf(row), reason)
    },
  },
}

module.exports = { kinds, backoffMs, messageId, triggerOf }
