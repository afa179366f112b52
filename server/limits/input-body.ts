// The request body as the client sent it, for the input checks: the checked fields kept before
// PocketBase coerces them to the field types (12 -> "12", "yes" -> false), why a body could not
// be read at all, and the problems as PocketBase's error data.
import { clientJson, isJsonObject } from '../platform/request'
import type { JsonObject } from '../platform/request'
import type { RecordRequestEvent, RequestEvent } from '../platform/events'
import { errorStatus } from './error-status'
import type { InputProblems } from './input-problems'
import { single } from './input-problems'
import { pickRuleFields } from './input-rules'

/** Where the middleware keeps the checked fields as sent, for the record hooks. */
const SENT_FIELDS_KEY = 'inputLimits.sentFields'

/**
 * The checked fields of the request's body as the client sent them (before PocketBase coerces
 * them to the field types: 12 -> "12", "yes" -> false). The middleware of input-hooks.ts keeps
 * them for a single create or update; a batch sub-request does not pass through it, so its own
 * JSON is read here. Null when there is no JSON to read.
 */
export function sentBody(e: RecordRequestEvent): JsonObject | null {
  let text = ''
  try {
    text = String(e.get(SENT_FIELDS_KEY) || '')
  } catch {
    text = ''
  }
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text)
      return isJsonObject(parsed) ? parsed : null
    } catch {
      return null
    }
  }
  const raw = clientJson(e)
  return raw ? pickRuleFields(e.collection.name, raw.json) : null
}

/** Keeps the checked fields of `body` for sentBody (a few hundred bytes, not the whole body). */
export function keepSentFields(e: RequestEvent, collection: string, body: unknown): void {
  if (isJsonObject(body)) e.set(SENT_FIELDS_KEY, JSON.stringify(pickRuleFields(collection, body)))
}

/** True for PocketBase's "Request entity too large" (a body over its limit). */
export function isTooLarge(err: unknown): boolean {
  return errorStatus(err) === 413 || /entity too large/i.test(String(err))
}

/** The text of a JSON string's inside (`a\"b` -> `a"b`), or it as it is when it does not parse. */
function unquote(quoted: string): string {
  try {
    return String(JSON.parse(`"${quoted}"`))
  } catch {
    return quoted
  }
}

/** Why a body could not be read: the 400's message and the fields it names. */
export interface BodyProblem {
  message: string
  fields: InputProblems
}

/**
 * Why PocketBase could not read a JSON body, from its parser's error text: a field given twice
 * and a field whose value is not valid JSON are named (the parser reports them as `duplicate
 * object member name "x"` and `... within "/x"`).
 */
export function bodyProblem(reason: string): BodyProblem {
  const duplicate = /duplicate object member name "((?:[^"\\]|\\.)*)"/.exec(reason)
  if (duplicate) {
    return {
      message: 'A field is given more than once.',
      fields: single(unquote(duplicate[1]), [
        'validation_duplicate_field',
        'This field is given more than once.',
      ]),
    }
  }
  const within = /within "\/((?:[^"\\/]|\\.)*)/.exec(reason)
  if (within) {
    const field = unquote(within[1]).replace(/~1/g, '/').replace(/~0/g, '~')
    return {
      message: 'The request body is not valid JSON.',
      fields: single(field, ['validation_invalid_json', 'This field is not valid JSON.']),
    }
  }
  // The parser words it either way ("cannot" / "unable to"), depending on its code path.
  if (/(cannot|unable to) unmarshal/.test(reason)) {
    return { message: 'The request body must be a JSON object of record fields.', fields: {} }
  }
  return { message: 'The request body is not valid JSON.', fields: {} }
}

/**
 * The problems as PocketBase's error data: each a ValidationError, with its params (e.g. { max })
 * as PocketBase's own length errors carry them. (The platform's fieldErrors drops the params, and
 * would lose a field named "__proto__".) Takes any FieldProblems too.
 */
export function inputErrors(problems: InputProblems): Record<string, ValidationError> {
  const data: Record<string, ValidationError> = {}
  for (const field of Object.keys(problems)) {
    const [code, message] = problems[field]
    const params = problems[field].params
    const error = new ValidationError(code, message)
    // defineProperty: a field named "__proto__" (sent by a prober) must stay a field.
    Object.defineProperty(data, field, {
      value: params ? error.setParams(params) : error,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return data
}
