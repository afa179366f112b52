// The consultant's routes (admins and superusers; JSON bodies of at most a few KiB):
//   POST   /api/webhooks                {url, events, description?} -> {id, secret, endpoint}
//   PATCH  /api/webhooks/{id}           {url?, events?, description?, enabled?} -> endpoint
//   DELETE /api/webhooks/{id}           -> 204 (its waiting deliveries are cancelled)
//   POST   /api/webhooks/{id}/rotate    -> {secret} (the old one signs too for 24 hours)
//   POST   /api/webhooks/{id}/test      -> {eventId} (a webhook.test event to that endpoint)
//   POST   /api/webhooks/{id}/resend    {event} -> {queued} (that event again, same webhook-id)
//   POST   /api/webhooks/flush          {now?} (superusers) -> the run's summary
// The secret is shown once, in the answer that makes it; the API never returns it again.
import { requireConsultant } from '../platform/auth'
import { badRequest } from '../platform/errors'
import type { RequestEvent } from '../platform/events'
import { jsonBody, noStore, pathValue, requestedNow } from '../platform/request'
import { findOrNull } from '../platform/sql'
import { run } from '../queue/index'
import type { CreatedEndpoint, ResendAnswer, RotatedSecret, TestEventSent } from './api'
import * as endpoints from './endpoints'
import * as events from './events'

const NOT_CONSULTANT = 'Only the site admin can manage webhooks.'

/** The endpoint named in the path, else 404. */
function endpointOfPath(e: RequestEvent): core.Record {
  const record = findOrNull(e.app, endpoints.COLLECTION, pathValue(e, 'id'))
  if (!record) throw new NotFoundError('No such webhook endpoint.')
  return record
}

export function createEndpoint(e: RequestEvent) {
  requireConsultant(e, NOT_CONSULTANT)
  const body = jsonBody(e)
  const made = endpoints.createEndpoint(e.app, {
    url: body.url,
    events: body.events,
    description: body.description,
  })
  noStore(e)
  const answer: CreatedEndpoint = {
    id: made.record.id,
    secret: made.secret,
    endpoint: endpoints.publicView(made.record),
  }
  return e.json(200, answer)
}

export function updateEndpoint(e: RequestEvent) {
  requireConsultant(e, NOT_CONSULTANT)
  const body = jsonBody(e)
  const record = endpoints.updateEndpoint(e.app, endpointOfPath(e), {
    url: body.url,
    events: body.events,
    description: body.description,
    enabled: body.enabled,
  })
  return e.json(200, endpoints.publicView(record))
}

export function deleteEndpoint(e: RequestEvent) {
  requireConsultant(e, NOT_CONSULTANT)
  endpoints.deleteEndpoint(e.app, endpointOfPath(e))
  return e.noContent(204)
}

export function rotateSecret(e: RequestEvent) {
  requireConsultant(e, NOT_CONSULTANT)
  const answer: RotatedSecret = { secret: endpoints.rotateSecret(e.app, endpointOfPath(e)) }
  noStore(e)
  return e.json(200, answer)
}

export function sendTestEvent(e: RequestEvent) {
  requireConsultant(e, NOT_CONSULTANT)
  const endpoint = endpointOfPath(e)
  let sent: events.Emitted = { eventId: '', queued: 0 }
  e.app.runInTransaction((txApp) => {
    sent = events.emitTestEvent(txApp, endpoint)
  })
  const answer: TestEventSent = { eventId: sent.eventId, queued: sent.queued }
  return e.json(200, answer)
}

export function resendEvent(e: RequestEvent) {
  requireConsultant(e, NOT_CONSULTANT)
  const endpoint = endpointOfPath(e)
  const body = jsonBody(e)
  const eventId = typeof body.event === 'string' ? body.event : ''
  const event = findOrNull(e.app, 'webhook_events', eventId)
  if (!event) {
    throw badRequest('No such event.', { event: ['validation_invalid_value', 'No such event.'] })
  }
  const answer: ResendAnswer = { queued: events.resendEvent(e.app, endpoint, event) }
  return e.json(200, answer)
}

/**
 * One pass of the webhook channel now, as if at `now` (an ISO time; tests move time instead of
 * sleeping). Answers the run's summary.
 */
export function flush(e: RequestEvent) {
  noStore(e)
  const now = requestedNow(e)
  return e.json(200, run(e.app, { channel: 'webhook', now }))
}
