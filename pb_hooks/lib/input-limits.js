/// <reference path="../../.pb-types/types.d.ts" />
// Cross-cutting limits on what a visitor may send, used by pb_hooks/input-limits.pb.js and the
// users hooks. The lengths come from src/config/limits.ts (bundled as lib/shared.cjs), the one
// source the forms and the migrations agree with; these rules add what the schema cannot say:
// a JSON body sends each field as its own type (PocketBase would quietly turn 12 into "12" or
// ["a","b"] into "b"), single-line fields hold no control characters, and fields only the server
// sets are refused with their name. Every refusal names the field, as PocketBase's own do.

const { EMAIL_MAX, PASSWORD_MAX_BYTES, emailAddressProblem, textLimits } = require('./shared.cjs')

/**
 * A refusal: PocketBase's validation code, the message, and its params (e.g. { max }).
 * @typedef {[code: string, message: string, params?: Record<string, unknown>]} Problem
 */
/** @typedef {Record<string, Problem>} Problems field -> its problem */
/** @typedef {Record<string, unknown>} JsonObject a parsed JSON object (a request body) */
/**
 * @typedef {object} CollectionRules
 * @property {Record<string, { max: number, singleLine: boolean }>} text
 * @property {string[]} bool
 * @property {string[]} number
 * @property {string[]} serverOnly
 * @property {string[]} [typeCheckedElsewhere]
 */

const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/
// A message may keep its tabs and line breaks.
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/**
 * Text fields of `collection` with their maximum; all single-line but those in `multiLine`.
 * @param {keyof typeof textLimits} collection
 * @param {string[]} multiLine
 */
function textRules(collection, multiLine) {
  /** @type {Record<string, number>} */
  const limits = textLimits[collection]
  /** @type {CollectionRules['text']} */
  const rules = {}
  for (const field of Object.keys(limits)) {
    rules[field] = { max: limits[field], singleLine: multiLine.indexOf(field) < 0 }
  }
  return rules
}

/**
 * Per collection: `text` fields (max length in characters, single line or not), `bool` and
 * `number` fields, and `serverOnly` fields a visitor may not send at all (the create rules refuse
 * them too, but with an unnamed "Failed to create record.").
 */
/** @type {Record<string, CollectionRules>} */
const RULES = {
  contacts: {
    text: textRules('contacts', ['message']),
    bool: ['processed'],
    number: [],
    serverOnly: ['processed'],
  },
  newsletter_subscriptions: {
    text: textRules('newsletter_subscriptions', []),
    bool: [],
    number: [],
    // Double opt-in: only the signed confirmation link makes a subscription active.
    serverOnly: ['status', 'confirmedAt', 'requestedAt', 'unsubscribedAt', 'unsubscribedIssue'],
  },
  audits: {
    // answers, otherTexts, scores and recommendations, and the types of email and
    // newsletterSubscription, are checked by the audit engine's hook with the spec's messages.
    text: textRules('audits', []),
    bool: [],
    number: ['overallScore'],
    serverOnly: [],
    typeCheckedElsewhere: ['email'],
  },
  users: {
    text: textRules('users', ['password', 'passwordConfirm', 'oldPassword']),
    bool: ['newsletterConsent', 'agreedToTerms', 'emailVisibility', 'verified'],
    number: [],
    serverOnly: ['isAdmin'],
  },
}

/**
 * @param {unknown} value
 * @returns {value is JsonObject}
 */
function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * @param {object} object
 * @param {string} key
 */
function has(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key)
}

/** Where the middleware keeps the checked fields as sent, for the record hooks. */
const SENT_FIELDS_KEY = 'inputLimits.sentFields'

/**
 * The fields of `collection` these rules look at (text, bool, number, server-only).
 * @param {string} collection
 * @returns {string[]}
 */
function ruleFields(collection) {
  const rules = RULES[collection]
  if (!rules) return []
  return Object.keys(rules.text).concat(rules.bool, rules.number, rules.serverOnly)
}

/**
 * Only the fields of `body` the rules of `collection` look at (never answers, other-texts...).
 * @param {string} collection
 * @param {unknown} body
 */
function pickRuleFields(collection, body) {
  /** @type {JsonObject} */
  const picked = {}
  if (!isPlainObject(body)) return picked
  for (const field of ruleFields(collection)) {
    if (has(body, field)) picked[field] = body[field]
  }
  return picked
}

/**
 * The checked fields of the request's body as the client sent them (before PocketBase coerces
 * them to the field types: 12 -> "12", "yes" -> false). The middleware of
 * pb_hooks/input-limits.pb.js keeps them for a single create or update; a batch sub-request does
 * not pass through it, so its own JSON is read here. Null when there is no JSON to read.
 * @param {import('./audit-submission.js').RecordRequest} e
 * @returns {JsonObject | null}
 */
function sentBody(e) {
  let text = ''
  try {
    text = String(e.get(SENT_FIELDS_KEY) || '')
  } catch (_) {
    text = ''
  }
  if (text) {
    try {
      const parsed = JSON.parse(text)
      return isPlainObject(parsed) ? parsed : null
    } catch (_) {
      return null
    }
  }
  const { clientJson } = require('./audit-submission.js')
  const raw = clientJson(e)
  return raw ? pickRuleFields(e.collection.name, raw.json) : null
}

/**
 * Keeps the checked fields of `body` for sentBody (a few hundred bytes, not the whole body).
 * @param {core.RequestEvent} e
 * @param {string} collection
 * @param {unknown} body
 */
function keepSentFields(e, collection, body) {
  if (isPlainObject(body)) e.set(SENT_FIELDS_KEY, JSON.stringify(pickRuleFields(collection, body)))
}

/**
 * True for PocketBase's "Request entity too large" (a body over its limit).
 * @param {{ status?: number, value?: { status?: number } } | null | undefined} err  a caught error (Go's carry a status)
 */
function isTooLarge(err) {
  const status = err && (err.status || (err.value && err.value.status))
  return status === 413 || /entity too large/i.test(String(err))
}

/**
 * Problems with a create or update request of `collection`, as { field: [code, message] };
 * empty when it may go on. `sent` is the body as the client sent it (sentBody) or null,
 * `record` the record PocketBase built from it.
 * @param {string} collection
 * @param {JsonObject | null} sent
 * @param {core.Record} record
 * @returns {Problems}
 */
function inputProblems(collection, sent, record) {
  const rules = RULES[collection]
  /** @type {Problems} */
  const problems = {}
  if (!rules) return problems
  /** @param {string} field @param {string} code @param {string} message @param {Record<string, unknown>} [params] */
  const fail = (field, code, message, params) => {
    if (!has(problems, field)) problems[field] = [code, message, params]
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
    const raw = sent && typeof sent[field] === 'string' ? sent[field] : record.getString(field)
    const value = field === 'email' ? raw.trim() : raw
    if (value.length > rule.max) {
      fail(
        field,
        'validation_max_text_constraint',
        `Must be no more than ${rule.max} character(s).`,
        {
          max: rule.max,
        },
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
    const { commonPasswordProblem } = require('./passwords.js')
    const common = commonPasswordProblem(sent.password)
    if (common.password) fail('password', common.password[0], common.password[1])
  }
  return problems
}

/**
 * Length of `text` in UTF-8 bytes (bcrypt, which hashes passwords, reads at most 72).
 * @param {string} text
 */
function utf8Length(text) {
  try {
    return encodeURIComponent(text).replace(/%[0-9A-F]{2}/gi, 'x').length
  } catch (_) {
    return text.length * 3 // a lone surrogate: the JSON parser refuses the body anyway
  }
}

const PASSWORD_FIELDS = ['password', 'passwordConfirm', 'oldPassword']

/**
 * A password that is not text, or longer than bcrypt can hash, can fail while PocketBase loads
 * the request, with an unnamed "Failed to create record."; name it instead. `body` is the parsed
 * request body.
 * @param {string} collection
 * @param {unknown} body
 * @returns {Problems}
 */
function passwordProblems(collection, body) {
  /** @type {Problems} */
  const problems = {}
  if (collection !== 'users' || !isPlainObject(body)) return problems
  for (const field of PASSWORD_FIELDS) {
    const value = body[field]
    if (value !== undefined && value !== null && typeof value !== 'string') {
      problems[field] = ['validation_invalid_type', 'Must be text.']
    } else if (typeof value === 'string' && utf8Length(value) > PASSWORD_MAX_BYTES) {
      problems[field] = [
        'validation_max_text_constraint',
        `Must be no more than ${PASSWORD_MAX_BYTES} bytes (plain letters and digits are one byte each).`,
        { max: PASSWORD_MAX_BYTES },
      ]
    } else if (field === 'password' && typeof value === 'string') {
      const { commonPasswordProblem } = require('./passwords.js')
      const common = commonPasswordProblem(value)
      if (common.password) problems.password = common.password
    }
  }
  return problems
}

/**
 * A record id made of anything but [a-z0-9]. PocketBase checks ids itself, but a create in the
 * users collection (it has a file field) with an id such as "../../../../etc/passwd" panics
 * before that check (a 500, found by the fuzz tests); refuse such ids first, by name.
 * @param {unknown} body
 * @returns {Problems}
 */
function idProblems(body) {
  if (!isPlainObject(body) || !has(body, 'id')) return {}
  const id = body.id
  if (id === null || id === undefined || id === '') return {}
  if (typeof id === 'string' && /^[a-z0-9]*$/.test(id)) return {}
  /** @type {Problem} */
  const problem = ['validation_invalid_format', 'Must be 15 characters of a-z and 0-9.']
  return single('id', problem)
}

/**
 * What the create rules would refuse with an unnamed "Failed to create record.", named: a field
 * only the server sets, or an audit for someone else (a member audit needs a signed-in user and
 * names that user). `body` is the parsed request body. The audits rule is repeated here only to
 * name the field in the 400; the rule in pb_migrations/ still decides.
 * @param {string} collection
 * @param {unknown} body
 * @param {string} authId  the signed-in user's id, '' for a guest
 * @returns {Problems}
 */
function createRuleProblems(collection, body, authId) {
  /** @type {Problems} */
  const problems = {}
  const rules = RULES[collection]
  if (!rules || !isPlainObject(body)) return problems
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

/**
 * { [name]: value } that stays a field even when `name` is "__proto__" (a prober's favourite).
 * @template T
 * @param {string} name
 * @param {T} value
 * @returns {Record<string, T>}
 */
function single(name, value) {
  /** @type {Record<string, T>} */
  const object = {}
  Object.defineProperty(object, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
  return object
}

/**
 * @param {string} quoted
 * @returns {string}
 */
function unquote(quoted) {
  try {
    return JSON.parse(`"${quoted}"`)
  } catch (_) {
    return quoted
  }
}

/**
 * Why PocketBase could not read a JSON body, from its parser's error text, as { message, fields }:
 * a field given twice and a field whose value is not valid JSON are named (the parser reports
 * them as `duplicate object member name "x"` and `... within "/x"`).
 * @param {string} reason
 * @returns {{ message: string, fields: Problems }}
 */
function bodyProblem(reason) {
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
 * { field: [code, message, params?] } as PocketBase's error data: each a ValidationError, with
 * its params (e.g. { max }) as PocketBase's own length errors carry them.
 * @param {Problems} problems
 */
function validationErrors(problems) {
  /** @type {Record<string, ValidationError>} */
  const data = {}
  for (const field of Object.keys(problems)) {
    const [code, message, params] = problems[field]
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

module.exports = {
  EMAIL_MAX,
  RULES,
  bodyProblem,
  isTooLarge,
  keepSentFields,
  sentBody,
  createRuleProblems,
  idProblems,
  inputProblems,
  passwordProblems,
  validationErrors,
}
