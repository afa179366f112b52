// Reads an audit create request as the client sent it, for the engine's validateSubmission.
// By the time a hook runs, PocketBase has coerced the body to the collection's field types (a
// bool field turns "yes" into false, JSON fields become raw bytes), which would hide malformed
// types. So the client's own JSON is laid over that body wherever the request carries it: a
// JSON body, or the @jsonPayload part of a multipart request (the SDK with files, /api/batch).
import type { RecordRequestEvent } from '../platform/events'
import { clientJson } from '../platform/request'
import type { JsonObject } from '../platform/request'

const FIELDS = [
  'email',
  'answers',
  'otherTexts',
  'scores',
  'recommendations',
  'newsletterSubscription',
] as const
const JSON_FIELDS: Record<string, boolean> = {
  answers: true,
  otherTexts: true,
  scores: true,
  recommendations: true,
}

/** A JSON field of the coerced body (raw bytes) as a JS value; undefined when not sent. */
function decodeJsonField(value: unknown): unknown {
  if (value === undefined || value === null) return value
  const text = toString(value)
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** { email, answers, otherTexts, scores, recommendations, newsletterSubscription } as sent. */
export function readSubmission(e: RecordRequestEvent): JsonObject {
  const raw = clientJson(e)
  // A JSON body is the whole request: nothing else to read (and requestInfo costs a Go call).
  const body: JsonObject = raw && raw.whole ? {} : (e.requestInfo().body as JsonObject) || {}
  const submission: JsonObject = {}
  for (const field of FIELDS) {
    if (raw && Object.prototype.hasOwnProperty.call(raw.json, field)) {
      submission[field] = raw.json[field]
    } else {
      submission[field] = JSON_FIELDS[field] ? decodeJsonField(body[field]) : body[field]
    }
  }
  return submission
}
