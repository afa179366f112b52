// Emitting webhook events: an event is stored once in webhook_events and one delivery per enabled
// endpoint subscribed to its type is queued in the delivery queue (one INSERT ... SELECT), all
// with the `app` given. Call it with the transaction of the change that caused the event, so the
// event exists exactly when the change does. With no endpoint subscribed nothing is stored: an
// event costs a create one indexed query. What events say: payloads.ts.
import type { App, RecordEvent } from '../platform/events'
import { newRecordId } from '../platform/ids'
import { countRows } from '../platform/sql'
import { saveInTransactionOr503 } from '../platform/transaction'
import { enqueue, enqueueMany } from '../queue/index'
import { mailConfig } from '../mail/index'
import { toPbTime } from '../../src/config/dates'
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../../src/config/webhooks'
import type { WebhookTrigger } from './api'
import { canBuild } from './payloads'

// The enabled endpoints that picked an event type.
const SUBSCRIBED =
  'FROM webhook_endpoints WHERE enabled = 1 AND EXISTS ' +
  '(SELECT 1 FROM json_each(webhook_endpoints.events) WHERE value = {:type})'

/** The stored event's id ('' when nothing was stored) and how many deliveries were queued. */
export interface Emitted {
  eventId: string
  queued: number
}

function anySubscribed(app: App, type: string): boolean {
  return countRows(app, `SELECT COUNT(*) AS n FROM (SELECT 1 ${SUBSCRIBED} LIMIT 1)`, { type }) > 0
}

/**
 * Stores the event (its body, or the args its body is built from at the first send) and queues
 * its deliveries: to every subscribed endpoint, or to `onlyEndpoint`.
 */
function storeAndQueue(
  app: App,
  type: string,
  content: { body?: string; args?: Record<string, string> },
  onlyEndpoint: string,
  trigger: Extract<WebhookTrigger, 'event' | 'test'>,
): Emitted {
  const eventId = newRecordId()
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
      created: toPbTime(Date.now()),
    })
    .execute()
  const recipients = onlyEndpoint ? 'FROM webhook_endpoints WHERE id = {:endpoint}' : SUBSCRIBED
  const queued = enqueueMany(app, {
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
 * Sends event `type` (one of WEBHOOK_EVENT_TYPES) to every enabled endpoint subscribed to it,
 * with `data` as its payload's `data`: stored once with its body, one delivery queued per
 * endpoint. Call it with the transaction (`txApp`) of the change that caused it. With no endpoint
 * subscribed it stores nothing and `data` (when a function) is not called. Database errors
 * propagate, so the caller's transaction decides; a caller that must not fail catches them.
 */
export function emitEvent(app: App, type: string, data: unknown): Emitted {
  if ((WEBHOOK_EVENT_TYPES as readonly string[]).indexOf(type) < 0) {
    throw new Error(`Unknown webhook event type "${type}".`)
  }
  if (!anySubscribed(app, type)) return { eventId: '', queued: 0 }
  const value: unknown = typeof data === 'function' ? (data as () => unknown)() : data
  const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data: value })
  return storeAndQueue(app, type, { body }, '', 'event')
}

/**
 * Like emitEvent for the site's own events (payloads.ts knows how to build them): only `args`
 * (ids, and what must be kept as it was at the event) are stored now; the body is built from
 * the saved records when the first delivery is sent.
 */
export function queueEvent(app: App, type: string, args: Record<string, string>): Emitted {
  if (!canBuild(type)) throw new Error(`No payload builder for "${type}".`)
  if (!anySubscribed(app, type)) return { eventId: '', queued: 0 }
  return storeAndQueue(app, type, { args }, '', 'event')
}

/**
 * queueEvent, once: nothing when an event of `type` with the same `args` was stored since `since`
 * (a PocketBase date: its cause's time, so the look reads only the events after it) - the job
 * that queues it ran before, e.g. an audit's job run again after a crash.
 */
export function queueEventOnce(
  app: App,
  type: string,
  args: Record<string, string>,
  since: string,
): Emitted {
  const stored = countRows(
    app,
    'SELECT COUNT(*) AS n FROM webhook_events WHERE created >= {:since} AND type = {:type} AND args = {:args}',
    { since, type, args: JSON.stringify(args) },
  )
  return stored > 0 ? { eventId: '', queued: 0 } : queueEvent(app, type, args)
}

/**
 * "Send test event": a `webhook.test` event to one endpoint (switched on or not: the consultant
 * asked for it).
 */
export function emitTestEvent(app: App, endpoint: core.Record): Emitted {
  const body = JSON.stringify({
    type: WEBHOOK_TEST_EVENT,
    timestamp: new Date().toISOString(),
    data: {
      message: `A test event from ${mailConfig(app).businessName}. If you can read this, the connection works.`,
      endpoint: { id: endpoint.id, url: endpoint.getString('url') },
    },
  })
  return storeAndQueue(app, WEBHOOK_TEST_EVENT, { body }, endpoint.id, 'test')
}

/**
 * "Resend": the stored event to one endpoint again (a new delivery, the same body and
 * webhook-id, so a receiver that already has it drops it). Goes to a switched-off endpoint too.
 * Returns whether it was queued.
 */
export function resendEvent(app: App, endpoint: core.Record, event: core.Record): boolean {
  const result = enqueue(app, {
    kind: 'webhook',
    recipient: endpoint.id,
    sourceId: event.id,
    payload: { trigger: 'resend' },
    uniqueKey: `webhook:${endpoint.id}:${event.id}:resend:${newRecordId(10)}`,
  })
  return result.queued
}

/**
 * For an execute hook: runs the save (`e.next()`) and then queues the event in one transaction
 * (joining the caller's, if there is one). Queueing never fails the save; a failure is logged.
 * A save that fails answers as the project does (platform/transaction.ts: 503, or the
 * unique-constraint error as it was).
 */
export function saveThenQueue(e: RecordEvent, type: string, args: () => Record<string, string>) {
  saveInTransactionOr503(e, (txApp) => {
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
}
