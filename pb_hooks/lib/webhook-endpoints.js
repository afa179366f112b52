/// <reference path="../../.pb-types/types.d.ts" />
// The consultant's webhook endpoints (collection webhook_endpoints): adding one (its URL checked
// by the guard, its secret made and shown once), changing, switching on and off, rotating the
// secret, deleting. The routes in pb_hooks/webhooks.pb.js call these; an endpoint's health is
// kept by lib/webhook-health.js.

const shared = require('./shared.cjs')
const guard = require('./webhook-guard.js')
const signing = require('./webhook-signing.js')

const COLLECTION = 'webhook_endpoints'
const HOUR = 60 * 60 * 1000
/** After a rotation the previous secret keeps signing this long. */
const PREVIOUS_SECRET_HOURS = 24

/**
 * @typedef {{ url?: unknown, events?: unknown, description?: unknown, enabled?: unknown }} EndpointInput
 */

/** @param {string} message @param {string} field @param {string} [code] */
function fieldError(message, field, code) {
  /** @type {Record<string, ValidationError>} */
  const data = {}
  data[field] = new ValidationError(code || 'validation_invalid_value', message)
  return new BadRequestError(message, data)
}

/**
 * The URL as it will be stored (canonical), after the guard: refused addresses, schemes and
 * host names that do not resolve answer 400 naming `url`. Nothing is connected to.
 * @param {unknown} url
 * @returns {string}
 */
function checkedUrl(url) {
  if (typeof url !== 'string' || !url.trim()) {
    throw fieldError('Enter the URL your tool gave you.', 'url', 'validation_required')
  }
  const destination = guard.checkDestination(url)
  if (!destination.ok) throw fieldError(destination.reason, 'url')
  return destination.url
}

/** @param {unknown} events @returns {string[]} */
function checkedEvents(events) {
  if (!Array.isArray(events) || events.length === 0) {
    throw fieldError('Pick at least one event.', 'events', 'validation_required')
  }
  /** @type {string[]} */
  const out = []
  for (const type of events) {
    if (
      typeof type !== 'string' ||
      /** @type {readonly string[]} */ (shared.WEBHOOK_EVENT_TYPES).indexOf(type) < 0
    ) {
      throw fieldError(`"${String(type).slice(0, 40)}" is not an event this site sends.`, 'events')
    }
    if (out.indexOf(type) < 0) out.push(type)
  }
  return out
}

/** @param {unknown} description @returns {string} */
function checkedDescription(description) {
  if (description === undefined || description === null) return ''
  if (typeof description !== 'string' || /[\u0000-\u001f\u007f]/.test(description)) {
    throw fieldError('The name must be a single line of text.', 'description')
  }
  const text = description.trim()
  if (text.length > shared.WEBHOOK_DESCRIPTION_MAX) {
    throw fieldError(
      `The name may have at most ${shared.WEBHOOK_DESCRIPTION_MAX} characters.`,
      'description',
    )
  }
  return text
}

/**
 * What the API shows of an endpoint: everything but its secrets.
 * @param {core.Record} record
 */
function publicView(record) {
  return {
    id: record.id,
    url: record.getString('url'),
    description: record.getString('description'),
    events: record.getStringSlice('events'),
    enabled: record.getBool('enabled'),
    disabledReason: record.getString('disabledReason'),
    disabledAt: record.getString('disabledAt'),
    failingSince: record.getString('failingSince'),
    lastSuccessAt: record.getString('lastSuccessAt'),
    lastFailureAt: record.getString('lastFailureAt'),
    lastError: record.getString('lastError'),
    created: record.getString('created'),
    updated: record.getString('updated'),
  }
}

/**
 * Adds an endpoint, enabled, with a new secret. Returns the record and the secret (shown once).
 * @param {core.App} app
 * @param {EndpointInput} input
 * @returns {{ record: core.Record, secret: string }}
 */
function createEndpoint(app, input) {
  const events = checkedEvents(input.events)
  const description = checkedDescription(input.description)
  const url = checkedUrl(input.url)
  const count = new DynamicModel({ n: 0 })
  app.db().newQuery(`SELECT COUNT(*) AS n FROM ${COLLECTION}`).one(count)
  if (count.n >= shared.WEBHOOK_MAX_ENDPOINTS) {
    throw fieldError(
      `At most ${shared.WEBHOOK_MAX_ENDPOINTS} endpoints; delete one you no longer use first.`,
      'url',
      'validation_too_many',
    )
  }
  const secret = signing.newSecret()
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
 * @param {core.App} app
 * @param {core.Record} record
 * @param {EndpointInput} input
 */
function updateEndpoint(app, record, input) {
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
 * A new secret for the endpoint; the old one keeps signing beside it for PREVIOUS_SECRET_HOURS.
 * @param {core.App} app
 * @param {core.Record} record
 * @returns {string} the new secret (shown once)
 */
function rotateSecret(app, record) {
  const secret = signing.newSecret()
  record.set('previousSecret', record.getString('secret'))
  record.set('previousSecretUntil', shared.toPbTime(Date.now() + PREVIOUS_SECRET_HOURS * HOUR))
  record.set('secret', secret)
  app.save(record)
  return secret
}

/**
 * Deletes the endpoint; its log goes with it (cascade) and its waiting deliveries are cancelled.
 * @param {core.App} app
 * @param {core.Record} record
 */
function deleteEndpoint(app, record) {
  app.runInTransaction((txApp) => {
    require('./deliveries.js').cancel(
      txApp,
      { kind: 'webhook', recipient: record.id },
      'The endpoint was deleted.',
    )
    txApp.delete(record)
  })
}

module.exports = {
  COLLECTION,
  createEndpoint,
  updateEndpoint,
  rotateSecret,
  deleteEndpoint,
  publicView,
  checkedUrl,
}
