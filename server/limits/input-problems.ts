// What is wrong with what a visitor sent, field by field, as PocketBase's validation codes:
// types, lengths and control characters of the rules (input-rules.ts), passwords (bcrypt's byte
// limit, the common ones), record ids, and what the create rules would refuse unnamed. Every
// refusal names the field, as PocketBase's own do. Found by the fuzz tests
// (tests/integration/fuzz-*.test.ts).
import { emailAddressProblem } from '../../src/config/email-address'
import { PASSWORD_MAX_BYTES } from '../../src/config/limits'
import type { FieldProblems } from '../platform/errors'
import { isJsonObject } from '../platform/request'
import type { JsonObject } from '../platform/request'
import { has, rulesOf } from './input-rules'
import { commonPasswordProblem } from './passwords'

/**
 * A refusal: PocketBase's validation code and message (a FieldProblems entry), with the params
 * PocketBase's own length errors carry (e.g. { max }); inputErrors keeps them.
 */
export type InputProblem = [code: string, message: string] & { params?: Record<string, unknown> }
/** Field -> its problem. */
export type InputProblems = Record<string, InputProblem>

/** A problem with its params. */
function withParams(code: string, message: string, params: Record<string, unknown>): InputProblem {
  const problem: InputProblem = [code, message]
  problem.params = params
  return problem
}

const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/
// A message may keep its tabs and line breaks.
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/**
 * Problems with a create or update request of `collection`, as { field: [code, message] };
 * empty when it may go on. `sent` is the body as the client sent it (sentBody) or
 * null, `record` the record PocketBase built from it.
 */
export function inputProblems(
  collection: string,
  sent: JsonObject | null,
  record: core.Record,
): InputProblems {
  const rules = rulesOf(collection)
  const problems: InputProblems = {}
  if (!rules) return problems
  const fail = (
    field: string,
    code: string,
    message: string,
    params?: Record<string, unknown>,
  ): void => {
    if (!has(problems, field)) {
      problems[field] = params ? withParams(code, message, params) : [code, message]
    }
  }

  if (sent) {
    const elsewhere = rules.typeCheckedElsewhere || []
    for (const field of Object.keys(rules.text)) {
      if (elsewhere.indexOf(field) >= 0) continue
      if (has(sent, field) && sent[field] !== null && typeof sent[field] !== 'string') {
        fail(field, 'validation_invalid_type', 'Must be text.')
      }
    }
    for (const field of rules.bool) {
      if (has(sent, field) && sent[field] !== null && typeof sent[field] !== 'boolean') {
        fail(field, 'validation_invalid_type', 'Must be true or false.')
      }
    }
    for (const field of rules.number) {
      if (has(sent, field) && sent[field] !== null && typeof sent[field] !== 'number') {
        fail(field, 'validation_invalid_type', 'Must be a number.')
      }
    }
  }

  for (const field of Object.keys(rules.text)) {
    const rule = rules.text[field]
    if (sent && has(sent, field) && sent[field] !== null && typeof sent[field] !== 'string')
      continue
    const sentText = sent ? sent[field] : undefined
    const raw = typeof sentText === 'string' ? sentText : record.getString(field)
    const value = field === 'email' ? raw.trim() : raw
    if (value.length > rule.max) {
      fail(
        field,
        'validation_max_text_constraint',
        `Must be no more than ${rule.max} character(s).`,
        { max: rule.max },
      )
    } else if ((rule.singleLine ? SINGLE_LINE_FORBIDDEN : MULTI_LINE_FORBIDDEN).test(value)) {
      fail(field, 'validation_control_characters', 'Must not contain control characters.')
    } else if (field === 'email' && value) {
      // The one rule of src/config/email-address.ts: no ?, &, %, / or quotes before the @.
      const unsafe = emailAddressProblem(value)
      if (unsafe) fail(field, 'validation_unsafe_email', unsafe)
    }
  }

  if (collection === 'users' && sent && typeof sent.password === 'string') {
    const common = commonPasswordProblem(sent.password)
    if (common.password) fail('password', common.password[0], common.password[1])
  }
  return problems
}

/** Length of `text` in UTF-8 bytes (bcrypt, which hashes passwords, reads at most 72). */
function utf8Length(text: string): number {
  try {
    return encodeURIComponent(text).replace(/%[0-9A-F]{2}/gi, 'x').length
  } catch {
    return text.length * 3 // a lone surrogate: the JSON parser refuses the body anyway
  }
}

const PASSWORD_FIELDS = ['password', 'passwordConfirm', 'oldPassword']

/**
 * A password that is not text, or longer than bcrypt can hash, can fail while PocketBase loads
 * the request, with an unnamed "Failed to create record."; name it instead. `body` is the parsed
 * request body.
 */
export function passwordProblems(collection: string, body: unknown): InputProblems {
  const problems: InputProblems = {}
  if (collection !== 'users' || !isJsonObject(body)) return problems
  for (const field of PASSWORD_FIELDS) {
    const value = body[field]
    if (value !== undefined && value !== null && typeof value !== 'string') {
      problems[field] = ['validation_invalid_type', 'Must be text.']
    } else if (typeof value === 'string' && utf8Length(value) > PASSWORD_MAX_BYTES) {
      problems[field] = withParams(
        'validation_max_text_constraint',
        `Must be no more than ${PASSWORD_MAX_BYTES} bytes (plain letters and digits are one byte each).`,
        { max: PASSWORD_MAX_BYTES },
      )
    } else if (field === 'password' && typeof value === 'string') {
      const common = commonPasswordProblem(value)
      if (common.password) problems.password = common.password
    }
  }
  return problems
}

/**
 * { [name]: value } that stays a field even when `name` is "__proto__" (a prober's favourite).
 */
export function single<T>(name: string, value: T): Record<string, T> {
  const object: Record<string, T> = {}
  Object.defineProperty(object, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
  return object
}

/**
 * A record id made of anything but [a-z0-9]. PocketBase checks ids itself, but a create in the
 * users collection (it has a file field) with an id such as "../../../../etc/passwd" panics
 * before that check (a 500, found by the fuzz tests); refuse such ids first, by name.
 */
export function idProblems(body: unknown): InputProblems {
  if (!isJsonObject(body) || !has(body, 'id')) return {}
  const id = body.id
  if (id === null || id === undefined || id === '') return {}
  if (typeof id === 'string' && /^[a-z0-9]*$/.test(id)) return {}
  const problem: InputProblem = [
    'validation_invalid_format',
    'Must be 15 characters of a-z and 0-9.',
  ]
  return single('id', problem)
}

/**
 * What the create rules would refuse with an unnamed "Failed to create record.", named: a field
 * only the server sets, or an audit for someone else (a member audit needs a signed-in user and
 * names that user). `body` is the parsed request body, `authId` the signed-in user's id ('' for a
 * guest). The audits rule is repeated here only to name the field in the 400; the rule in
 * pb_migrations/ still decides.
 */
export function createRuleProblems(
  collection: string,
  body: unknown,
  authId: string,
): FieldProblems {
  const problems: FieldProblems = {}
  const rules = rulesOf(collection)
  if (!rules || !isJsonObject(body)) return problems
  for (const field of rules.serverOnly) {
    if (has(body, field))
      problems[field] = ['validation_server_only', 'This field is set by the server.']
  }
  if (collection !== 'audits') return problems
  // (user = "" || user = @request.auth.id) && (flow = "free" || user = @request.auth.id)
  const user = body.user === undefined || body.user === null ? '' : body.user
  if (user !== '' && user !== authId) {
    problems.user = ['validation_not_yours', 'An audit can only be submitted for yourself.']
  }
  const flow = body.flow
  if (flow === 'member') {
    if (!authId)
      problems.flow = ['validation_sign_in_required', 'A member audit needs you to be signed in.']
    else if (user !== authId)
      problems.user = ['validation_required', 'A member audit must name you as its user.']
  } else if (flow !== 'free') {
    problems.flow =
      flow === undefined || flow === null || flow === ''
        ? ['validation_required', 'Cannot be blank.']
        : ['validation_invalid_value', 'Must be "free" or "member".']
  }
  return problems
}
