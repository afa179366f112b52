// The `webhook` channel of the delivery queue: HTTP POSTs to the consultant's endpoints through
// transport.ts (the guard's checked address only, no redirects, 10 seconds, a few KiB of the
// answer). `sendBatch` posts a whole claimed batch at once, so a receiver that hangs costs its
// own 10 seconds, not the other endpoints'. Every attempt is logged (log.ts) and kept on the
// endpoint's health (health.ts: a success clears the failure clock; failing only for 3 days
// switches the endpoint off). A 2xx answer is delivered; anything else is retried on the kind's
// schedule; an address the guard can never allow fails at once.
import type { App } from '../platform/events'
import { selectRow } from '../platform/sql'
import { attemptError as channelError, batchChannel, errorText, runTime } from '../queue/index'
import type {
  AttemptError,
  ChannelContext,
  DeliveryChannel,
  DeliveryRow,
  Rendered,
} from '../queue/index'
import { recordHealth } from './health'
import { triggerOf } from './kinds'
import { recordAttempt } from './log'
import { postAll } from './transport'
import type { WebhookResult } from './transport'

/** One column of one row by id, or '' when there is none (or it cannot be read). */
function columnOf(app: App, sql: string, id: string, column: 'type' | 'url'): string {
  try {
    const row = selectRow(app, sql, { id }, { [column]: '' })
    return row ? String(row[column]) : ''
  } catch {
    return ''
  }
}

function eventTypeOf(app: App, eventId: string): string {
  return columnOf(app, 'SELECT type FROM webhook_events WHERE id = {:id}', eventId, 'type')
}

function urlOf(app: App, endpointId: string): string {
  return columnOf(app, 'SELECT url FROM webhook_endpoints WHERE id = {:id}', endpointId, 'url')
}

/**
 * Posts every item at once; returns, per item, null (delivered) or the error the queue
 * records. Logs each attempt and updates each endpoint's health.
 */
function webhookError(message: string, permanent: boolean): AttemptError {
  return channelError('webhook', message, permanent)
}

function sendBatch(
  app: App,
  context: ChannelContext,
  items: Array<{ row: DeliveryRow; rendered: Rendered }>,
): Array<AttemptError | null> {
  const requests = items.map((item) => ({
    url: urlOf(app, item.row.recipient),
    body: item.rendered.body || '',
    headers: item.rendered.headers || {},
  }))
  const results = postAll(requests)
  // The log and the endpoints' health in one transaction per batch: one commit, not twenty.
  try {
    app.runInTransaction((txApp) => {
      items.forEach((item, index) => logAttempt(txApp, item.row, results[index], runTime(context)))
    })
  } catch (err) {
    app.logger().error('webhooks: could not log a batch', 'error', errorText(err))
  }
  return items.map((_item, index) => {
    const outcome = results[index]
    if (outcome.ok) return null
    return webhookError(outcome.error || 'The delivery failed.', permanentFailure(outcome))
  })
}

function permanentFailure(outcome: WebhookResult): boolean {
  return !outcome.ok && outcome.refused && outcome.permanent
}

/** One attempt into the log and onto its endpoint's health (at the run's time). Never throws. */
function logAttempt(app: App, row: DeliveryRow, outcome: WebhookResult, nowMs: number): void {
  const delivered = outcome.ok
  try {
    recordAttempt(app, {
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

/** The webhook channel, which server/main.ts registers with the queue. */
export const channel: DeliveryChannel = /* @__PURE__ */ batchChannel('webhook', sendBatch)
