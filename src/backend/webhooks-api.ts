// Typed calls of the console's Integrations tab: the consultant's webhook endpoints (read through
// the collection, changed through /api/webhooks, pb_hooks/webhooks.pb.js), each endpoint's
// delivery log, and live updates of both. The server is the guard: only an admin gets anything.
// Every call takes the client first so the same code runs in the app and in integration tests.
import type PocketBase from 'pocketbase'
import type { ListResult } from 'pocketbase'
import type { WebhookEventType } from '../config/webhooks'

export type WebhookDisabledReason = '' | 'manual' | 'failing'

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

export type WebhookOutcome = 'delivered' | 'retry' | 'failed' | 'refused'

export interface WebhookAttempt {
  id: string
  endpoint: string
  event: string
  eventType: string
  delivery: string
  attempt: number
  trigger: 'event' | 'resend' | 'test'
  outcome: WebhookOutcome
  /** 0 when no HTTP answer came. */
  statusCode: number
  durationMs: number
  /** The start of the receiver's answer. */
  response: string
  error: string
  created: string
}

export interface EndpointInput {
  url: string
  events: WebhookEventType[]
  description: string
}

const ENDPOINT_FIELDS =
  'id,url,description,events,enabled,disabledReason,disabledAt,failingSince,lastSuccessAt,lastFailureAt,lastError,created'
const ATTEMPT_FIELDS =
  'id,endpoint,event,eventType,delivery,attempt,trigger,outcome,statusCode,durationMs,response,error,created'

/** Every endpoint, oldest first. */
export function listEndpoints(pb: PocketBase): Promise<WebhookEndpoint[]> {
  return pb
    .collection('webhook_endpoints')
    .getFullList<WebhookEndpoint>({ sort: 'created', fields: ENDPOINT_FIELDS })
}

/** Adds an endpoint; the answer carries its signing secret, which is never readable again. */
export function createEndpoint(
  pb: PocketBase,
  input: EndpointInput,
): Promise<{ id: string; secret: string; endpoint: WebhookEndpoint }> {
  return pb.send('/api/webhooks', { method: 'POST', body: input })
}

export function updateEndpoint(
  pb: PocketBase,
  id: string,
  change: Partial<EndpointInput> & { enabled?: boolean },
): Promise<WebhookEndpoint> {
  return pb.send(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body: change })
}

export async function deleteEndpoint(pb: PocketBase, id: string): Promise<void> {
  await pb.send(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

/** A new secret (shown once); the previous one keeps signing for 24 hours. */
export function rotateSecret(pb: PocketBase, id: string): Promise<{ secret: string }> {
  return pb.send(`/api/webhooks/${encodeURIComponent(id)}/rotate`, { method: 'POST' })
}

/** Queues a `webhook.test` event to the endpoint. */
export function sendTestEvent(pb: PocketBase, id: string): Promise<{ eventId: string }> {
  return pb.send(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST' })
}

/** Queues the event to the endpoint again (the same webhook-id). */
export function resendEvent(
  pb: PocketBase,
  endpointId: string,
  eventId: string,
): Promise<{ queued: boolean }> {
  return pb.send(`/api/webhooks/${encodeURIComponent(endpointId)}/resend`, {
    method: 'POST',
    body: { event: eventId },
  })
}

/** The endpoint's latest attempts, newest first. */
export function listAttempts(
  pb: PocketBase,
  endpointId: string,
  perPage: number,
): Promise<ListResult<WebhookAttempt>> {
  return pb.collection('webhook_attempts').getList<WebhookAttempt>(1, perPage, {
    filter: pb.filter('endpoint = {:id}', { id: endpointId }),
    sort: '-created,-attempt',
    fields: ATTEMPT_FIELDS,
  })
}

/**
 * Calls `onChange` when an endpoint or its log changes on the server, and after the realtime
 * connection comes back from a drop. Resolves to a function that stops listening; a first
 * connect that fails rejects, and the caller retries.
 */
export async function subscribeToWebhookChanges(
  pb: PocketBase,
  onChange: () => void,
): Promise<() => Promise<void>> {
  let connects = pb.realtime.isConnected ? 1 : 0
  const stops: Array<() => Promise<void>> = []
  try {
    stops.push(
      await pb.realtime.subscribe('PB_CONNECT', () => {
        connects += 1
        if (connects > 1) onChange()
      }),
    )
    stops.push(await pb.collection('webhook_endpoints').subscribe('*', () => onChange()))
    stops.push(await pb.collection('webhook_attempts').subscribe('*', () => onChange()))
  } catch (err) {
    await Promise.allSettled(stops.map((stop) => stop()))
    throw err
  }
  return async () => {
    await Promise.allSettled(stops.map((stop) => stop()))
  }
}
