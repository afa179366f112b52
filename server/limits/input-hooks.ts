// Cross-cutting input limits for everything a visitor can send (pb_hooks/input-limits.pb.js): an
// e-mail of at most 254 characters, a password of at most 71 bytes (bcrypt's limit), each JSON
// field of its own type, no control characters in single-line text, server-only fields refused
// by name, and a clear 400 naming the field for a body PocketBase cannot read. The rules are
// input-rules.ts and input-problems.ts; lengths the schema knows stay the schema's too.
import type { RecordRequestEvent, RequestEvent } from '../platform/events'
import { requestPath } from '../pages/index'
import { bodyProblem, isTooLarge, keepSentFields, sentBody, inputErrors } from './input-body'
import type { InputProblems } from './input-problems'
import { createRuleProblems, idProblems, inputProblems, passwordProblems } from './input-problems'

/** A records create or update: the collection and, for an update, the record's id. */
const RECORD_WRITE = /^\/api\/collections\/([^/]+)\/records(\/[^/]+)?$/

/** The 400 PocketBase would give, but naming each field of `problems`. */
function refused(message: string, problems: InputProblems): BadRequestError {
  return new BadRequestError(message, inputErrors(problems))
}

/**
 * The middleware, before PocketBase loads the request into a record and checks the collection's
 * API rules. It would answer a JSON body that is not an object (malformed, an array, a field
 * given twice) with "Something went wrong while processing your request.", and a password too
 * long to hash or a create its rules refuse with an unnamed "Failed to create record." (and a
 * users create with a path-like id even panics: 500); say what is wrong, naming the field. Batch
 * sub-requests skip this part: PocketBase refuses them as before (unnamed), without the panic.
 */
export function checkRecordWrite(e: RequestEvent, next: () => void = () => e.next()): void {
  const method = e.request.method
  const route = RECORD_WRITE.exec(requestPath(e))
  if (!route || (method !== 'POST' && method !== 'PATCH')) return next()

  // requestInfo() parses the body once and keeps it for the handler; reading the raw body here
  // instead would consume it before PocketBase gets to it.
  let body: unknown
  try {
    body = e.requestInfo().body
  } catch (err) {
    // A body over the limit of request-limits.ts stays a 413.
    if (isTooLarge(err)) throw err
    const problem = bodyProblem(String(err))
    throw refused(problem.message, problem.fields)
  }

  // The checked fields as sent, for the record hook below (PocketBase coerces the body to the
  // field types before it builds the record).
  keepSentFields(e, route[1], body)

  const verb = method === 'POST' ? 'create' : 'update'
  const passwords = passwordProblems(route[1], body)
  if (Object.keys(passwords).length > 0) throw refused(`Failed to ${verb} record.`, passwords)

  if (method === 'POST' && !route[2]) {
    const ids = idProblems(body)
    if (Object.keys(ids).length > 0) throw refused('Failed to create record.', ids)
  }

  if (method === 'POST' && !route[2] && !e.hasSuperuserAuth()) {
    const authId = e.auth && e.auth.collection().name === 'users' ? e.auth.id : ''
    const problems = createRuleProblems(route[1], body, authId)
    if (Object.keys(problems).length > 0) throw refused('Failed to create record.', problems)
  }
  return next()
}

/**
 * The create hook of contacts, newsletter_subscriptions and audits, after PocketBase has built
 * the record: types, lengths and control characters. (The users collection runs the same checks
 * in its own hooks, in a fixed order with its others.)
 */
export function checkInput(e: RecordRequestEvent): void {
  const problems = inputProblems(e.collection.name, sentBody(e), e.record)
  if (Object.keys(problems).length === 0) return e.next()
  throw refused('Failed to create record.', problems)
}
