/// <reference path="../../.pb-types/types.d.ts" />
// Reads an audit create request as the client sent it, for the engine's validateSubmission.
// By the time a hook runs, PocketBase has coerced the body to the collection's field types (a
// bool field turns "yes" into false, JSON fields become raw bytes), which would hide malformed
// types. So the client's own JSON is laid over that body wherever the request carries it: a
// JSON body, or the @jsonPayload part of a multipart request (the SDK with files, /api/batch).

/**
 * A records-API request as the hooks see it: goja also names the embedded request event by its
 * type (`requestEvent`), which PocketBase's declarations do not list.
 * @typedef {core.RecordRequestEvent & { requestEvent?: core.RequestEvent }} RecordRequest
 */
/** @typedef {Record<string, unknown>} JsonObject */

const FIELDS = [
  'email',
  'answers',
  'otherTexts',
  'scores',
  'recommendations',
  'newsletterSubscription',
]
/** @type {Record<string, boolean>} */
const JSON_FIELDS = { answers: true, otherTexts: true, scores: true, recommendations: true }

/**
 * @param {unknown} value
 * @returns {value is JsonObject}
 */
function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A JSON field of the coerced body (raw bytes) as a JS value; undefined when not sent.
 * @param {unknown} value
 */
function decodeJsonField(value) {
  if (value === undefined || value === null) return value
  const text = toString(value)
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch (_) {
    return undefined
  }
}

/**
 * The request's own JSON: { json, whole } where `whole` says it is the entire body (a JSON
 * request) rather than the @jsonPayload part of a multipart one; null when there is none.
 * @param {RecordRequest} e
 * @returns {{ json: JsonObject, whole: boolean } | null}
 */
function clientJson(e) {
  const request = e.requestEvent ? e.requestEvent.request : null
  if (!request) return null
  const type = String(request.header.get('Content-Type') || '').toLowerCase()
  const whole = type.indexOf('application/json') === 0
  let text = ''
  try {
    if (whole) text = toString(request.body)
    else if (type.indexOf('multipart/form-data') === 0) text = request.formValue('@jsonPayload')
  } catch (_) {
    return null
  }
  if (!text) return null
  try {
    const parsed = JSON.parse(text)
    return isPlainObject(parsed) ? { json: parsed, whole } : null
  } catch (_) {
    return null
  }
}

/**
 * { email, answers, otherTexts, scores, recommendations, newsletterSubscription } as sent.
 * @param {RecordRequest} e
 */
function readSubmission(e) {
  const raw = clientJson(e)
  // A JSON body is the whole request: nothing else to read (and requestInfo costs a Go call).
  /** @type {JsonObject} */
  const body = raw && raw.whole ? {} : e.requestInfo().body || {}
  /** @type {JsonObject} */
  const submission = {}
  for (const field of FIELDS) {
    if (raw && Object.prototype.hasOwnProperty.call(raw.json, field)) {
      submission[field] = raw.json[field]
    } else {
      submission[field] = JSON_FIELDS[field] ? decodeJsonField(body[field]) : body[field]
    }
  }
  return submission
}

module.exports = { clientJson, readSubmission }
