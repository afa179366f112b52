// Reading what a request sent. Every route's body is held to its limit before anything reads it
// (the body-limit middleware, server/limits/), so these read at most that much.
import type { RecordRequestEvent, RequestEvent } from './events'
import { badRequest } from './errors'

/** A JSON object as sent: plain data, values not yet checked. */
export type JsonObject = Record<string, unknown>

/** True for a plain object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The request's JSON object ({} without a body); 400 "Send a JSON object." for anything else. */
export function jsonBody(e: RequestEvent | RecordRequestEvent): JsonObject {
  const body: unknown = e.requestInfo().body
  if (body === null || body === undefined) return {}
  if (!isJsonObject(body)) throw badRequest('Send a JSON object.')
  return body
}

/**
 * The time a run on demand acts as if it were (`{"now": "<ISO time>"}`, for tests and operators);
 * undefined when the body names none (the clock); 400 naming `now` when it is not a time.
 */
export function requestedNow(e: RequestEvent): number | undefined {
  const sent = jsonBody(e).now
  if (sent === undefined || sent === null || sent === '') return undefined
  const at = typeof sent === 'string' ? Date.parse(sent) : NaN
  if (!isFinite(at)) {
    throw badRequest('`now` must be an ISO time.', {
      now: ['validation_invalid_date', 'Must be an ISO time.'],
    })
  }
  return at
}

/** Marks the answer as never to be stored (a link's result, the console's data). */
export function noStore(e: RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store')
}

/** The query string's `name` ('' when absent). */
export function queryParam(e: RequestEvent, name: string): string {
  return String((e.request.url && e.request.url.query().get(name)) || '')
}

/** The path parameter `name` of a route ('' when absent). */
export function pathValue(e: RequestEvent, name: string): string {
  return String(e.request.pathValue(name) || '')
}

/**
 * The records API's request as the client sent it: { json, whole }, where `whole` says it is the
 * entire body (a JSON request) rather than the @jsonPayload part of a multipart one (the SDK with
 * files, /api/batch); null when there is none. By the time a record hook runs, PocketBase has
 * coerced the body to the collection's field types (a bool field turns "yes" into false, JSON
 * fields become raw bytes), which would hide malformed types.
 */
export function clientJson(e: RecordRequestEvent): { json: JsonObject; whole: boolean } | null {
  const request = e.requestEvent ? e.requestEvent.request : null
  if (!request) return null
  const type = String(request.header.get('Content-Type') || '').toLowerCase()
  const whole = type.indexOf('application/json') === 0
  let text = ''
  try {
    if (whole) text = toString(request.body)
    else if (type.indexOf('multipart/form-data') === 0) text = request.formValue('@jsonPayload')
  } catch {
    return null
  }
  if (!text) return null
  try {
    const parsed: unknown = JSON.parse(text)
    return isJsonObject(parsed) ? { json: parsed, whole } : null
  } catch {
    return null
  }
}
