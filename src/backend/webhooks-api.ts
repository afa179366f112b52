// Typed calls of the console's Integrations tab: the consultant's webhook endpoints (read through
// the collection, changed through /api/webhooks, server/webhooks/routes.ts), each endpoint's
// delivery log, and live updates of both. The server is the guard: only an admin gets anything.
// Every call takes the client first so the same code runs in the app and in integration tests.
import type PocketBase from 'pocketbase'
import type { ListResult } from 'pocketbase'
import type {
  CreatedEndpoint,
  EndpointChange,
  EndpointInput,
  ResendAnswer,
  RotatedSecret,
  TestEventSent,
  WebhookAttempt,
  WebhookDisabledReason,
  WebhookEndpoint,
  WebhookEndpointView,
  WebhookOutcome,
} from '../../server/webhooks/api'

// The shapes are the server's (server/webhooks/api.ts), re-exported under the names the console uses.
export type {
  EndpointInput,
  WebhookAttempt,
  WebhookDisabledReason,
  WebhookEndpoint,
  WebhookOutcome,
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
export function createEndpoint(pb: PocketBase, input: EndpointInput): Promise<CreatedEndpoint> {
  return pb.send('/api/webhooks', { method: 'POST', body: input })
}

export function updateEndpoint(
  pb: PocketBase,
  id: string,
  change: EndpointChange,
): Promise<WebhookEndpointView> {
  return pb.send(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body: change })
}

export async function deleteEndpoint(pb: PocketBase, id: string): Promise<void> {
  await pb.send(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

/** A new secret (shown once); the previous one keeps signing for 24 hours. */
export function rotateSecret(pb: PocketBase, id: string): Promise<RotatedSecret> {
  return pb.send(`/api/webhooks/${encodeURIComponent(id)}/rotate`, { method: 'POST' })
}

/** Queues a `webhook.test` event to the endpoint. */
export function sendTestEvent(pb: PocketBase, id: string): Promise<TestEventSent> {
  return pb.send(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST' })
}

/** Queues the event to the endpoint again (the same webhook-id). */
export function resendEvent(
  pb: PocketBase,
  endpointId: string,
  eventId: string,
): Promise<ResendAnswer> {
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
