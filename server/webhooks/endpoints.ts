// The consultant's webhook endpoints (collection webhook_endpoints): adding one (its URL checked
// by the guard, its secret made and shown once), changing, switching on and off, rotating the
// secret, deleting. The routes (routes.ts) call these; an endpoint's health is kept by health.ts.
import { badRequest } from '../platform/errors'
import type { App } from '../platform/events'
import { countRows } from '../platform/sql'
import { cancel } from '../queue/index'
import { toPbTime } from '../../src/config/dates'
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MAX_ENDPOINTS,
} from '../../src/config/webhooks'
import type { WebhookEventType } from '../../src/config/webhooks'
import type { WebhookDisabledReason, WebhookEndpointView } from './api'
import { checkDestination } from './guard'
import { newSecret } from './signing'

export const COLLECTION = 'webhook_endpoints'
const HOUR = 60 * 60 * 1000
/** After a rotation the previous secret keeps signing this long. */
const PREVIOUS_SECRET_HOURS = 24

/** What a request asks to set: values as sent, checked here. */
export interface EndpointFields {
  url?: unknown
  events?: unknown
  description?: unknown
  enabled?: unknown
}

/** A 400 naming `field`. */
function fieldError(message: string, field: string, code = 'validation_invalid_value') {
  return badRequest(message, { [field]: [code, message] })
}

/**
 * The URL as it will be stored (canonical), after the guard: refused addresses, schemes and
 * host names that do not resolve answer 400 naming `url`. Nothing is connected to.
 */
export function checkedUrl(url: unknown): string {
  if (typeof url !== 'string' || !url.trim()) {
    throw fieldError('Enter the URL your tool gave you.', 'url', 'validation_required')
  }
  const destination = checkDestination(url)
  if (!destination.ok) throw fieldError(destination.reason, 'url')
  return destination.url
}

function checkedEvents(events: unknown): string[] {
  if (!Array.isArray(events) || events.length === 0) {
    throw fieldError('Pick at least one event.', 'events', 'validation_required')
  }
  const out: string[] = []
  for (const type of events as unknown[]) {
    if (typeof type !== 'string' || (WEBHOOK_EVENT_TYPES as readonly string[]).indexOf(type) < 0) {
      throw fieldError(`"${String(type).slice(0, 40)}" is not an event this site sends.`, 'events')
    }
    if (out.indexOf(type) < 0) out.push(type)
  }
  return out
}

function checkedDescription(description: unknown): string {
  if (description === undefined || description === null) return ''
  if (typeof description !== 'string' || /[\u0000-\u001f\u007f]/.test(description)) {
    throw fieldError('The name must be a single line of text.', 'description')
  }
  const text = description.trim()
  if (text.length > WEBHOOK_DESCRIPTION_MAX) {
    throw fieldError(
      `The name may have at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
      'description',
    )
  }
  return text
}

/** What the API shows of an endpoint: everything but its secrets. */
export function publicView(record: core.Record): WebhookEndpointView {
  return {
    id: record.id,
    url: record.getString('url'),
    description: record.getString('description'),
    // Both are only ever stored checked (the events a select field's values).
    events: record.getStringSlice('events') as WebhookEventType[],
    enabled: record.getBool('enabled'),
    disabledReason: record.getString('disabledReason') as WebhookDisabledReason,
    disabledAt: record.getString('disabledAt'),
    failingSince: record.getString('failingSince'),
    lastSuccessAt: record.getString('lastSuccessAt'),
    lastFailureAt: record.getString('lastFailureAt'),
    lastError: record.getString('lastError'),
    created: record.getString('created'),
    updated: record.getString('updated'),
  }
}

/** Adds an endpoint, enabled, with a new secret. Returns the record and the secret (shown once). */
export function createEndpoint(
  app: App,
  input: EndpointFields,
): { record: core.Record; secret: string } {
  const events = checkedEvents(input.events)
  const description = checkedDescription(input.description)
  const url = checkedUrl(input.url)
  const count = countRows(app, `SELECT COUNT(*) AS n FROM ${COLLECTION}`, {})
  if (count >= WEBHOOK_MAX_ENDPOINTS) {
    throw fieldError(
      `At most ${WEBHOOK_MAX_ENDPOINTS} endpoints; delete one you no longer use first.`,
      'url',
      'validation_too_many',
    )
  }
  const secret = newSecret()
  const record = new Record(app.findCollectionByNameOrId(COLLECTION))
  record.set('url', url)
  record.set('description', description)
  record.set('events', events)
  record.set('secret', secret)
  record.set('enabled', true)
  app.save(record)
  return { record, secret }
}

/**
 * Changes what `input` names: url (checked again), events, description, enabled. Switching an
 * endpoint on starts its failure count afresh; switching it off is remembered as `manual`.
 */
export function updateEndpoint(app: App, record: core.Record, input: EndpointFields): core.Record {
  if (input.events !== undefined) record.set('events', checkedEvents(input.events))
  if (input.description !== undefined) {
    record.set('description', checkedDescription(input.description))
  }
  if (input.url !== undefined) record.set('url', checkedUrl(input.url))
  if (input.enabled !== undefined) {
    if (typeof input.enabled !== 'boolean') throw fieldError('Must be true or false.', 'enabled')
    if (input.enabled && !record.getBool('enabled')) {
      record.set('enabled', true)
      record.set('disabledReason', '')
      record.set('disabledAt', '')
      record.set('failingSince', '')
    } else if (!input.enabled && record.getBool('enabled')) {
      record.set('enabled', false)
      record.set('disabledReason', 'manual')
      record.set('disabledAt', new DateTime())
    }
  }
  app.save(record)
  return record
}

/**
 * A new secret for the endpoint (returned: shown once); the old one keeps signing beside it for
 * PREVIOUS_SECRET_HOURS.
 */
export function rotateSecret(app: App, record: core.Record): string {
  const secret = newSecret()
  record.set('previousSecret', record.getString('secret'))
  record.set('previousSecretUntil', toPbTime(Date.now() + PREVIOUS_SECRET_HOURS * HOUR))
  record.set('secret', secret)
  app.save(record)
  return secret
}

/** Deletes the endpoint; its log goes with it (cascade) and its waiting deliveries are cancelled. */
export function deleteEndpoint(app: App, record: core.Record): void {
  app.runInTransaction((txApp) => {
    cancel(txApp, { kind: 'webhook', recipient: record.id }, 'The endpoint was deleted.')
    txApp.delete(record)
  })
}
