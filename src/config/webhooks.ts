// Outgoing webhooks: the events the site sends to the consultant's other tools, their words in
// the console, how often a failing delivery is tried again, and the limits on endpoints. The
// Integrations tab and the server (server/webhooks/) read the same values.

/** The events an endpoint can subscribe to, in the order the console lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'audit.completed',
  'message.received',
  'subscriber.confirmed',
  'subscriber.unsubscribed',
  'person.created',
  'person.status_changed',
  'call.booked',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** Sent only by "Send test event", to the one endpoint; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

export const webhookEventLabels: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, string> = {
  'audit.completed': 'An audit is completed',
  'message.received': 'A contact message arrives',
  'subscriber.confirmed': 'A newsletter sign-up is confirmed',
  'subscriber.unsubscribed': 'A subscriber unsubscribes',
  'person.created': 'A person is added (from the site or by hand)',
  'person.status_changed': "A person's status changes",
  'call.booked': 'A call is booked',
  'webhook.test': 'Test event',
}

/**
 * Seconds to wait after each failed attempt before the next: Svix's schedule (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h), then every 10 h until the delivery's lifetime runs out. A
 * random extra of up to WEBHOOK_RETRY_JITTER of the wait is added, never taken off.
 */
export const WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const
export const WEBHOOK_RETRY_JITTER = 0.1
/** How long a delivery is tried (about three days), and how long an endpoint may fail only. */
export const WEBHOOK_LIFETIME_HOURS = 72
export const WEBHOOK_DISABLE_AFTER_FAILING_HOURS = 72

/** A receiver has this long to answer (connection, TLS and the answer's status included). */
export const WEBHOOK_TIMEOUT_SECONDS = 10
/** How much of an answer is read at all, and how much of it the log keeps. */
export const WEBHOOK_RESPONSE_READ_BYTES = 4096
export const WEBHOOK_RESPONSE_LOG_CHARS = 500

export const WEBHOOK_URL_MAX = 2000
export const WEBHOOK_DESCRIPTION_MAX = 100
export const WEBHOOK_MAX_ENDPOINTS = 10
/** How many attempts the console lists per endpoint. */
export const WEBHOOK_LOG_PAGE_SIZE = 50
/** Attempts and events older than this are removed (a daily job). */
export const WEBHOOK_LOG_KEEP_DAYS = 30
