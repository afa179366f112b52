// What the webhook routes (/api/webhooks...) take and answer, and the rows the console reads from
// the webhook_endpoints and webhook_attempts collections: one declaration for the server and the
// browser (src/backend/webhooks-api.ts imports these as types). Pure: no PocketBase globals.
import type { WebhookEventType } from '../../src/config/webhooks'

/** Why an endpoint is switched off: by the consultant, or after failing for three days. */
export type WebhookDisabledReason = '' | 'manual' | 'failing'

/** An endpoint as the console lists it: everything but its secrets. */
export interface WebhookEndpoint {
  id: string
  url: string
  description: string
  events: WebhookEventType[]
  enabled: boolean
  disabledReason: WebhookDisabledReason
  disabledAt: string
  /** The first failure since the last success; '' when the last attempt worked. */
  failingSince: string
  lastSuccessAt: string
  lastFailureAt: string
  lastError: string
  created: string
}

/** An endpoint as the routes answer it (the same, with when it last changed). */
export interface WebhookEndpointView extends WebhookEndpoint {
  updated: string
}

/** POST /api/webhooks. */
export interface EndpointInput {
  url: string
  events: WebhookEventType[]
  description: string
}

/** PATCH /api/webhooks/{id}: only what it names changes. */
export type EndpointChange = Partial<EndpointInput> & { enabled?: boolean }

/** The answer to POST /api/webhooks: the secret appears here and never again. */
export interface CreatedEndpoint {
  id: string
  secret: string
  endpoint: WebhookEndpointView
}

/** The answer to POST /api/webhooks/{id}/rotate (the new secret, shown once). */
export interface RotatedSecret {
  secret: string
}

/** The answer to POST /api/webhooks/{id}/test. */
export interface TestEventSent {
  eventId: string
  queued: number
}

/** POST /api/webhooks/{id}/resend. */
export interface ResendRequest {
  event: string
}

/** The answer to POST /api/webhooks/{id}/resend. */
export interface ResendAnswer {
  queued: boolean
}

/** What one attempt came to. */
export type WebhookOutcome = 'delivered' | 'retry' | 'failed' | 'refused'

/** Why a delivery was sent: its event, the consultant's "Resend", or "Send test event". */
export type WebhookTrigger = 'event' | 'resend' | 'test'

/** One row of the delivery log (collection webhook_attempts). */
export interface WebhookAttempt {
  id: string
  endpoint: string
  event: string
  eventType: string
  delivery: string
  attempt: number
  trigger: WebhookTrigger
  outcome: WebhookOutcome
  /** 0 when no HTTP answer came. */
  statusCode: number
  durationMs: number
  /** The start of the receiver's answer. */
  response: string
  error: string
  created: string
}
