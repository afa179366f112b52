// The `webhook` kind of the delivery queue: one row per event and endpoint (recipient = the
// endpoint's id, sourceId = the event's id, payload.trigger = event | resend | test). Retried on
// Svix's schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then every 10 h) with up to 10 %
// added at random, never less, for WEBHOOK_LIFETIME_HOURS. Rendering signs the stored body at
// the moment of sending: a fresh webhook-timestamp on every attempt, the same webhook-id.
import type { App } from '../platform/events'
import { objectOf } from '../platform/json'
import { findOrNull } from '../platform/sql'
import { permanentError } from '../queue/index'
import type { DeliveryKind, DeliveryRow, Rendered } from '../queue/index'
import {
  WEBHOOK_LIFETIME_HOURS,
  WEBHOOK_RETRY_JITTER,
  WEBHOOK_RETRY_SECONDS,
} from '../../src/config/webhooks'
import type { WebhookTrigger } from './api'
import { markGivenUp } from './log'
import { eventBody } from './payloads'
import { signatureHeaders, signingSecrets } from './signing'

/** Milliseconds to wait after the `attempt`-th failed attempt (1 = the first). */
export function backoffMs(attempt: number): number {
  const schedule = WEBHOOK_RETRY_SECONDS
  const seconds = schedule[Math.min(Math.max(attempt, 1), schedule.length) - 1]
  return Math.round(seconds * 1000 * (1 + Math.random() * WEBHOOK_RETRY_JITTER))
}

/** The webhook-id of an event. */
export function messageId(eventId: string): string {
  return `msg_${eventId}`
}

/** Why the row was queued: its event, a resend or a test. */
export function triggerOf(row: Pick<DeliveryRow, 'payload'>): WebhookTrigger {
  const trigger = objectOf(row.payload).trigger
  return trigger === 'resend' || trigger === 'test' ? trigger : 'event'
}

/**
 * The signed request of one attempt, or `cancel` when its endpoint is gone or switched off (a
 * resend or test the consultant asked for still goes to a switched-off endpoint).
 */
function render(app: App, row: DeliveryRow): Rendered {
  const endpoint = findOrNull(app, 'webhook_endpoints', row.recipient)
  if (!endpoint) return { cancel: 'The endpoint was deleted.' }
  if (!endpoint.getBool('enabled') && triggerOf(row) === 'event') {
    return { cancel: 'The endpoint is switched off.' }
  }
  const event = findOrNull(app, 'webhook_events', row.sourceId)
  if (!event) throw permanentError('The event is no longer stored.')
  const body = eventBody(app, event)
  // The signature's time is the real clock's, whatever time a test run pretends it is.
  const now = Date.now()
  const headers = signatureHeaders(
    signingSecrets(endpoint, now),
    messageId(event.id),
    now / 1000,
    body,
  )
  return { body, headers }
}

export const kinds: Record<string, DeliveryKind> = {
  webhook: {
    channel: 'webhook',
    class: 'webhook',
    lifetimeHours: WEBHOOK_LIFETIME_HOURS,
    // The signature carries a timestamp receivers check: never keep or reuse a signed request.
    keepBody: false,
    backoffMs,
    render,
    afterFailed(app, row, reason) {
      markGivenUp(app, row, triggerOf(row), reason)
    },
  },
}
