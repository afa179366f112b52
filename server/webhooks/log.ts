// The delivery log (collection webhook_attempts): one row per attempt, written by the webhook
// channel, shown per endpoint in the console; kept WEBHOOK_LOG_KEEP_DAYS with the events.
import type { App } from '../platform/events'
import { countRows, selectRow } from '../platform/sql'
import type { DeliveryRow } from '../queue/index'
import { toPbTime } from '../../src/config/dates'
import { WEBHOOK_LOG_KEEP_DAYS, WEBHOOK_RESPONSE_LOG_CHARS } from '../../src/config/webhooks'
import type { WebhookOutcome, WebhookTrigger } from './api'

const DAY = 24 * 60 * 60 * 1000

/** One attempt as the channel logs it. */
export interface Attempt {
  endpointId: string
  eventId: string
  eventType: string
  deliveryId: string
  attempt: number
  trigger: WebhookTrigger
  outcome: WebhookOutcome
  statusCode: number
  durationMs: number
  response: string
  error: string
}

/** Adds one attempt to the log: a record save, so an open console hears of it (realtime). */
export function recordAttempt(app: App, attempt: Attempt): void {
  const record = new Record(app.findCachedCollectionByNameOrId('webhook_attempts'))
  record.set('endpoint', attempt.endpointId)
  record.set('event', attempt.eventId)
  record.set('eventType', attempt.eventType.slice(0, 64))
  record.set('delivery', attempt.deliveryId)
  record.set('attempt', attempt.attempt)
  record.set('trigger', attempt.trigger)
  record.set('outcome', attempt.outcome)
  record.set('statusCode', attempt.statusCode)
  record.set('durationMs', attempt.durationMs)
  record.set('response', attempt.response.slice(0, WEBHOOK_RESPONSE_LOG_CHARS))
  record.set('error', attempt.error.slice(0, 500))
  app.save(record)
}

/**
 * The queue gave up on a delivery: its latest logged attempt, if it said it would be retried,
 * now says `failed` (a `refused` one keeps saying why). A delivery given up before any attempt
 * (its event could not be built: the audit was deleted, say) gets one line saying why.
 */
export function markGivenUp(
  app: App,
  row: Pick<DeliveryRow, 'id' | 'recipient' | 'sourceId' | 'attempts'>,
  trigger: WebhookTrigger,
  reason: string,
): void {
  const logged = countRows(
    app,
    'SELECT COUNT(*) AS n FROM webhook_attempts WHERE delivery = {:delivery}',
    { delivery: row.id },
  )
  if (logged === 0) {
    let event: { type: string } | null
    try {
      event = selectRow(
        app,
        'SELECT type FROM webhook_events WHERE id = {:id}',
        {
          id: row.sourceId,
        },
        { type: '' },
      )
    } catch {
      event = null
    }
    if (!event) return // the event itself is gone: nothing to point the line at
    recordAttempt(app, {
      endpointId: row.recipient,
      eventId: row.sourceId,
      eventType: event.type,
      deliveryId: row.id,
      attempt: row.attempts + 1,
      trigger,
      outcome: 'failed',
      statusCode: 0,
      durationMs: 0,
      response: '',
      error: String(reason || ''),
    })
    return
  }
  app
    .db()
    .newQuery(
      "UPDATE webhook_attempts SET outcome = 'failed' WHERE id = " +
        '(SELECT id FROM webhook_attempts WHERE delivery = {:delivery} ORDER BY created DESC, attempt DESC LIMIT 1) ' +
        "AND outcome = 'retry'",
    )
    .bind({ delivery: row.id })
    .execute()
}

/**
 * Removes attempts and events older than WEBHOOK_LOG_KEEP_DAYS (an event only when no delivery
 * of it still waits and no newer attempt, a resend, points to it). Returns how many attempts went.
 */
export function removeOldLog(app: App, nowMs: number): number {
  const cutoff = toPbTime(nowMs - WEBHOOK_LOG_KEEP_DAYS * DAY)
  const removed = app
    .db()
    .newQuery('DELETE FROM webhook_attempts WHERE created < {:cutoff}')
    .bind({ cutoff })
    .execute()
    .rowsAffected()
  app
    .db()
    .newQuery(
      'DELETE FROM webhook_events WHERE created < {:cutoff} AND NOT EXISTS (SELECT 1 FROM deliveries ' +
        "WHERE deliveries.kind = 'webhook' AND deliveries.sourceId = webhook_events.id " +
        "AND deliveries.status IN ('pending', 'sending')) " +
        'AND NOT EXISTS (SELECT 1 FROM webhook_attempts WHERE webhook_attempts.event = webhook_events.id)',
    )
    .bind({ cutoff })
    .execute()
  return removed
}
