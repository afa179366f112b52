/// <reference path="../../.pb-types/types.d.ts" />
// The `webhook` channel of the delivery queue: HTTP POSTs to the consultant's endpoints through
// lib/webhook-transport.js (the guard's checked address only, no redirects, 10 seconds, a few KiB
// of the answer). `sendBatch` posts a whole claimed batch at once, so a receiver that hangs costs
// its own 10 seconds, not the other endpoints'. Every attempt is logged (lib/webhook-log.js) and
// kept on the endpoint's health (a success clears the failure clock; failing only for 3 days
// switches the endpoint off). A 2xx answer is delivered; anything else is retried on the kind's
// schedule; an address the guard can never allow fails at once.

/** @typedef {import('./delivery-types').DeliveryChannel} DeliveryChannel */
/** @typedef {import('./delivery-types').ChannelContext} ChannelContext */
/** @typedef {import('./delivery-types').DeliveryRow} DeliveryRow */
/** @typedef {import('./delivery-types').Rendered} Rendered */

const transport = require('./webhook-transport.js')
const webhookLog = require('./webhook-log.js')
const { recordHealth } = require('./webhook-health.js')
const { triggerOf } = require('./webhook-kinds.js')
const { errorText } = require('./delivery-errors.js')

/**
 * An attempt that did not deliver, as the queue's classify() reads it.
 * @param {string} message
 * @param {boolean} permanent
 */
function attemptError(message, permanent) {
  const err = /** @type {Error & { permanent: boolean, webhook: true }} */ (new Error(message))
  err.permanent = permanent
  err.webhook = true
  return err
}

/** @param {core.App} app @returns {ChannelContext} */
function prepare(app) {
  void app
  return { configured: true }
}

/**
 * The run's time, which the queue hands every channel (a run "as if at" another time moves it;
 * the endpoint's failure clock must follow).
 * @param {ChannelContext} context
 */
function runTime(context) {
  const ms = typeof context.now === 'function' ? Number(context.now()) : NaN
  return isFinite(ms) ? ms : Date.now()
}

/** @param {core.App} app @param {string} eventId @returns {string} */
function eventTypeOf(app, eventId) {
  const row = new DynamicModel({ type: '' })
  try {
    app
      .db()
      .newQuery('SELECT type FROM webhook_events WHERE id = {:id}')
      .bind({ id: eventId })
      .one(row)
  } catch (_) {
    return ''
  }
  return row.type
}

/** @param {core.App} app @param {string} endpointId @returns {string} */
function urlOf(app, endpointId) {
  const row = new DynamicModel({ url: '' })
  try {
    app
      .db()
      .newQuery('SELECT url FROM webhook_endpoints WHERE id = {:id}')
      .bind({ id: endpointId })
      .one(row)
  } catch (_) {
    return ''
  }
  return row.url
}

/**
 * Posts every item at once; returns, per item, null (delivered) or the error the queue
 * records. Logs each attempt and updates each endpoint's health.
 * @param {core.App} app
 * @param {ChannelContext} context
 * @param {Array<{ row: DeliveryRow, rendered: Rendered }>} items
 * @returns {Array<Error | null>}
 */
function sendBatch(app, context, items) {
  const requests = items.map((item) => ({
    url: urlOf(app, item.row.recipient),
    body: item.rendered.body || '',
    headers: item.rendered.headers || {},
  }))
  const results = transport.postAll(requests)
  // The log and the endpoints' health in one transaction per batch: one commit, not twenty.
  try {
    app.runInTransaction((txApp) => {
      items.forEach((item, index) => logAttempt(txApp, item.row, results[index], runTime(context)))
    })
  } catch (err) {
    app.logger().error('webhooks: could not log a batch', 'error', errorText(err))
  }
  return items.map((item, index) => {
    const outcome = results[index]
    if (outcome.ok) return null
    return attemptError(outcome.error || 'The delivery failed.', permanentFailure(outcome))
  })
}

/** @param {import('./webhook-transport.js').WebhookResult} outcome */
function permanentFailure(outcome) {
  return !outcome.ok && outcome.refused && outcome.permanent
}

/**
 * One attempt into the log and onto its endpoint's health. Never throws.
 * @param {core.App} app
 * @param {DeliveryRow} row
 * @param {import('./webhook-transport.js').WebhookResult} outcome
 * @param {number} nowMs the run's time
 */
function logAttempt(app, row, outcome, nowMs) {
  const delivered = outcome.ok
  try {
    webhookLog.recordAttempt(app, {
      endpointId: row.recipient,
      eventId: row.sourceId,
      eventType: eventTypeOf(app, row.sourceId),
      deliveryId: row.id,
      attempt: row.attempts + 1,
      trigger: triggerOf(row),
      outcome: delivered
        ? 'delivered'
        : outcome.refused
          ? 'refused'
          : permanentFailure(outcome)
            ? 'failed'
            : 'retry',
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      response: outcome.response,
      error: outcome.error,
    })
    if (recordHealth(app, row.recipient, delivered, outcome.error, nowMs)) {
      app
        .logger()
        .warn('webhooks: endpoint switched off after failing for 3 days', 'endpoint', row.recipient)
    }
  } catch (err) {
    app.logger().error('webhooks: could not log an attempt', 'id', row.id, 'error', errorText(err))
  }
}

/**
 * One row: the queue's per-row interface.
 * @param {core.App} app
 * @param {ChannelContext} context
 * @param {DeliveryRow} row
 * @param {Rendered} rendered
 */
function send(app, context, row, rendered) {
  const error = sendBatch(app, context, [{ row, rendered }])[0]
  if (error) throw error
}

/**
 * @param {unknown} error
 * @returns {{ message: string, permanent: boolean }}
 */
function classify(error) {
  const fault = /** @type {{ permanent?: boolean, webhook?: boolean }} */ (error || {})
  return { message: errorText(error), permanent: !!(fault.webhook && fault.permanent) }
}

/** @type {DeliveryChannel & { sendBatch: typeof sendBatch }} */
const webhookChannel = { name: 'webhook', prepare, send, sendBatch, classify }

module.exports = { webhookChannel }
