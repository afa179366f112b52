// Property-based bad-input fuzzing of a collection's create endpoint on the real PocketBase:
// payload generators (wrong types, missing and extra fields, empty and huge strings, control
// characters, unusual unicode, nested objects, __proto__ / constructor keys, malformed ids and
// e-mails, numbers as strings, broken JSON, forms), the rules every answer must follow, and a
// read-back of every row the run stored. Each collection's test supplies its valid fields.
import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import type PocketBase from 'pocketbase'
import { EMAIL_MAX } from '../../../src/config/limits'

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/* eslint-disable no-control-regex -- finding and removing control characters is the point */
const CONTROL = /[\u0000-\u001f\u007f]/
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
/* eslint-enable no-control-regex */

/** Rows of one fuzz run carry ids starting with this, so all of them can be read back. */
export interface FuzzRun {
  prefix: string
  /** A fresh valid record id of this run. */
  newId(): string
}

export function fuzzRun(): FuzzRun {
  const random = (n: number) =>
    Array.from(randomBytes(n), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')
  const prefix = `fz${random(5)}`
  return { prefix, newId: () => `${prefix}${random(8)}` }
}

// --- values ---------------------------------------------------------------------------------

const UNUSUAL_UNICODE = [
  '\u202e', // right-to-left override
  '\u200b', // zero-width space
  '\ufeff', // byte order mark
  '\ud800', // lone surrogate
  '\udfff',
  'e\u0301', // combining accent
  '👩‍👩‍👧‍👦',
  'İı',
  'ß',
  '\u2028',
  '\u00a0',
  '\u3000',
  '𝕏',
  '\u{10ffff}',
  '\ufffd',
  'Ω≈ç√',
  '中文',
  'مرحبا',
]

const INJECTIONS = [
  "' OR '1'='1' --",
  '"; DROP TABLE contacts; --',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\\u0000',
  'null',
  'undefined',
  'true',
  'NaN',
  '@request.auth.id',
  'id = "" || 1=1',
]

export const MALFORMED_EMAILS = [
  'plainaddress',
  '@no-local-part.com',
  'missing-domain@',
  'no-tld@example',
  'two@@example.com',
  'spaces in@example.com',
  'trailing-dot@example.com.',
  'a@-example.com',
  '.leading@example.com',
  'a..b@example.com',
  '"quoted"@example.com',
  '<angle@example.com>',
  'a@example.com,b@example.com',
  'a@example.com\nBcc: victim@example.com',
  'unicode-ünï@exämple.com',
  `${'x'.repeat(245)}@example.com`,
  `a@${'b'.repeat(250)}.com`,
  `${'l'.repeat(65)}@example.com`,
  // Well-formed but longer than 254 characters (local part 64, labels of 60).
  `${'l'.repeat(64)}@${['a', 'b', 'c', 'd'].map((c) => c.repeat(60)).join('.')}.com`,
  `${'m'.repeat(60)}@${['a', 'b', 'c'].map((c) => c.repeat(60)).join('.')}.example.com`,
  'a@b.c',
  'a@[127.0.0.1]',
]

/** Objects whose JSON carries __proto__ / constructor keys as own properties. */
const PROTO_OBJECTS = [
  '{"__proto__":{"isAdmin":true,"processed":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"__proto__":null,"toString":"x","valueOf":1}',
  '{"hasOwnProperty":"nope","__defineGetter__":"x"}',
].map((json) => JSON.parse(json) as unknown)

const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'é', '💥', '<b>', ' ', '\u0000'),
    fc.integer({ min: 201, max: 60_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length))

const controlString = fc.string({
  unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 6,
})

const unusualString = fc
  .array(
    fc.oneof(fc.constantFrom(...UNUSUAL_UNICODE), fc.string({ unit: 'binary', maxLength: 4 })),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  .map((parts) => parts.join(''))

/** A plausible text with something odd mixed in. */
export const oddText = fc
  .tuple(
    fc.string({ maxLength: 30 }),
    fc.oneof(controlString, unusualString, fc.constantFrom(...INJECTIONS)),
  )
  .map(([text, odd]) => `${text}${odd}${text}`)

const nestedObject = fc.oneof(
  fc.object({ maxDepth: 3, maxKeys: 4 }),
  fc.constantFrom(...PROTO_OBJECTS),
  fc.letrec((tie) => ({
    deep: fc.oneof(
      { depthSize: 'small' },
      fc.string(),
      fc.dictionary(fc.string({ maxLength: 4 }), tie('deep'), { maxKeys: 2 }),
    ),
  })).deep,
)

/** Anything but a well-formed value of the field. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000', '   \n\t  '),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 4 }),
  nestedObject,
  hugeString,
  controlString,
  unusualString,
  oddText,
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom(...MALFORMED_EMAILS),
  fc.integer().map(String),
  fc.double({ noNaN: true }).map(String),
  fc.constantFrom('0', '-1', '1e309', '0x10', '1_000', 'Infinity'),
)

/** Malformed record ids: wrong length, case, characters or type. */
export const malformedId: fc.Arbitrary<unknown> = fc.oneof(
  fc.stringMatching(/^[a-z0-9]{1,14}$/),
  fc.stringMatching(/^[a-z0-9]{16,40}$/),
  fc.stringMatching(/^[A-Z0-9]{15}$/),
  fc.stringMatching(/^[a-z0-9]{7}[^a-z0-9][a-z0-9]{7}$/),
  fc.constantFrom(
    '',
    ' ',
    '../../etc/pass',
    '../../../../etc/passwd', // made PocketBase panic in a users create (a 500)
    'aaaaaaaaaaaaaa\u0000',
    '*'.repeat(15),
    '_pb_users_auth_',
  ),
  fc.integer(),
  nestedObject,
)

/** A valid e-mail, unique per call, sometimes in odd case or with spaces around it. */
export function validEmail(label: string): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.stringMatching(/^[a-z0-9]{1,12}$/),
      fc.constantFrom('example.com', 'mail.example.org', 'x.co'),
      fc.constantFrom('as-is', 'upper', 'spaced'),
    )
    .map(([local, domain, style]) => {
      const email = `${label}-${local}-${randomBytes(4).toString('hex')}@${domain}`
      if (style === 'upper') return email.toUpperCase()
      if (style === 'spaced') return `  ${email}\t`
      return email
    })
}

/**
 * Valid text of `min`..`max` characters: any unicode but control characters, sometimes exactly
 * at the limit.
 */
export function text(
  min: number,
  max: number,
  opts: { multiLine?: boolean } = {},
): fc.Arbitrary<string> {
  const line = fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 60) })
  const lines = opts.multiLine
    ? fc.array(line, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('\r\n'))
    : line
  return fc
    .oneof({ arbitrary: lines, weight: 4 }, { arbitrary: fc.constant('é'.repeat(max)), weight: 1 })
    .map((s) =>
      s.replace(new RegExp((opts.multiLine ? CONTROL_EXCEPT_LINES : CONTROL).source, 'g'), ''),
    )
    .filter((s) => s.trim().length >= min && s.length <= max)
}

// --- cases ----------------------------------------------------------------------------------

/** A JSON body as ordered entries, so keys like __proto__ and repeated keys survive. */
export type Entries = [string, unknown][]

export type FuzzCase =
  /** A JSON object; `target` is the one field made bad (or removed, or added), if any. */
  | { kind: 'json'; entries: Entries; target?: string }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'form'; fields: [string, string][] }

export interface CollectionSpec {
  /** Valid values per field, for a payload the server should accept. */
  valid: Record<string, fc.Arbitrary<unknown>>
  /** Makes generated valid values consistent with each other (e.g. a password confirmation). */
  derive?: (values: Record<string, unknown>) => Record<string, unknown>
  /** A known field -> the other fields an error about it may be reported on. */
  aliases?: Record<string, string[]>
  /** Fields the server sets, to be tried as extras. */
  serverFields?: string[]
  /** The server makes the record ids (a requested id is replaced, not kept). */
  serverMadeIds?: boolean
}

/**
 * Stands for a fresh id of the run, made when the case is sent: fast-check replays a case while
 * shrinking, and a replay must not collide with the row its first send created.
 */
export const FRESH_ID = '<fresh-run-id>'

function withId(entries: Entries): Entries {
  return [['id', FRESH_ID], ...entries.filter(([key]) => key !== 'id')]
}

function validEntries(spec: CollectionSpec): fc.Arbitrary<Entries> {
  return fc
    .record(spec.valid)
    .map((values) => withId(Object.entries(spec.derive ? spec.derive(values) : values)))
}

/** The case as sent: every FRESH_ID replaced by a new id of the run. */
export function materialize(c: FuzzCase, run: FuzzRun): FuzzCase {
  const fresh = <T>(pair: [string, T]): [string, T | string] =>
    pair[1] === FRESH_ID ? [pair[0], run.newId()] : pair
  if (c.kind === 'json') return { ...c, entries: c.entries.map(fresh) }
  if (c.kind === 'form') return { ...c, fields: c.fields.map(fresh) as [string, string][] }
  return c
}

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'collectionId',
  'collectionName',
  'created',
  'updated',
  'expand',
  '@jsonPayload',
  'isAdmin',
  'processed',
  'active',
  'verified',
  'tokenKey',
  'email ',
  'EMAIL',
  '',
]

/** Every kind of bad (and some good) payload for a collection. */
export function fuzzCase(spec: CollectionSpec): fc.Arbitrary<FuzzCase> {
  const fields = Object.keys(spec.valid)
  const base = validEntries(spec)
  const extraKeys = [...EXTRA_KEYS, ...(spec.serverFields ?? [])]

  const oneFieldBad = fc
    .tuple(base, fc.constantFrom(...fields, 'id'), fc.oneof(junk, fc.constant(undefined)))
    .map(([entries, target, value]): FuzzCase => {
      const rest = entries.filter(([key]) => key !== target)
      if (value === undefined) return { kind: 'json', entries: rest, target } // missing
      return { kind: 'json', entries: [...rest, [target, value]], target }
    })

  const badId = fc.tuple(base, malformedId).map(([entries, id]): FuzzCase => ({
    kind: 'json',
    entries: [['id', id], ...entries.filter(([key]) => key !== 'id')],
    target: 'id',
  }))

  const extraField = fc
    .tuple(
      base,
      fc.oneof(fc.constantFrom(...extraKeys), fc.string({ maxLength: 12 })),
      fc.oneof(junk, fc.boolean()),
    )
    .map(([entries, key, value]): FuzzCase => ({
      kind: 'json',
      entries: [...entries, [key, value]],
      target: key,
    }))

  const repeatedKey = fc
    .tuple(base, fc.constantFrom(...fields), junk)
    .map(([entries, key, value]): FuzzCase => ({
      kind: 'json',
      entries: [...entries, [key, value]],
      target: key,
    }))

  const mixed = fc
    .tuple(
      fc.record(
        Object.fromEntries(
          fields.map((f) => [
            f,
            fc.oneof({ arbitrary: spec.valid[f], weight: 2 }, { arbitrary: junk, weight: 1 }),
          ]),
        ),
        { requiredKeys: [] },
      ),
      fc.boolean(),
      fc.dictionary(fc.oneof(fc.constantFrom(...extraKeys), fc.string({ maxLength: 8 })), junk, {
        maxKeys: 3,
      }),
    )
    .map(([values, keepId, extras]): FuzzCase => {
      const entries: Entries = [...Object.entries(values), ...Object.entries(extras)]
      return { kind: 'json', entries: keepId ? withId(entries) : entries }
    })

  const rawBody = fc
    .oneof(
      base.map((entries) => serialize(entries).slice(0, -3)), // cut short
      base.map((entries) => serialize(entries).replace(/:/, '::')),
      fc.constantFrom(
        '',
        'null',
        'true',
        '12',
        '"text"',
        '[]',
        '[{"email":"a@b.co"}]',
        '{',
        '}',
        '{"a":}',
        "{'single':'quotes'}",
        '\u0000',
        '{"email":"a@b.co",}',
      ),
      fc.string({ unit: 'binary', maxLength: 40 }),
    )
    .map((text): FuzzCase => ({ kind: 'raw', text, contentType: 'application/json' }))

  const wrongContentType = base.map((entries): FuzzCase => ({
    kind: 'raw',
    text: serialize(entries),
    contentType: 'text/plain',
  }))

  const form = fc
    .tuple(
      fc.record(
        Object.fromEntries(
          fields.map((f) => [
            f,
            fc.oneof(
              spec.valid[f].map(formValue),
              fc.oneof(oddText, hugeString, fc.constantFrom(...MALFORMED_EMAILS)),
            ),
          ]),
        ),
        { requiredKeys: [] },
      ),
      fc.boolean(),
    )
    .map(([values, keepId]): FuzzCase => {
      const fieldsOut = Object.entries(values).map(([k, v]): [string, string] => [k, formValue(v)])
      return { kind: 'form', fields: keepId ? [['id', FRESH_ID], ...fieldsOut] : fieldsOut }
    })

  return fc.oneof(
    { arbitrary: base.map((entries): FuzzCase => ({ kind: 'json', entries })), weight: 2 },
    { arbitrary: oneFieldBad, weight: 8 },
    { arbitrary: badId, weight: 1 },
    { arbitrary: extraField, weight: 2 },
    { arbitrary: repeatedKey, weight: 1 },
    { arbitrary: mixed, weight: 4 },
    { arbitrary: rawBody, weight: 1 },
    { arbitrary: wrongContentType, weight: 1 },
    { arbitrary: form, weight: 1 },
  )
}

function formValue(value: unknown): string {
  if (typeof value === 'string') return value
  return JSON.stringify(value) ?? ''
}

/** JSON text of ordered entries (keeps __proto__ and repeated keys). */
export function serialize(entries: Entries): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`
}

/** A short, readable description of a case for failure messages (long runs of a character folded). */
export function describeCase(c: FuzzCase): string {
  const body =
    c.kind === 'json' ? serialize(c.entries) : c.kind === 'raw' ? c.text : JSON.stringify(c.fields)
  const folded = body.replace(
    /(.)\1{11,}/gsu,
    (run, char: string) => `${char}<x${[...run].length}>`,
  )
  const short =
    folded.length > 600
      ? `${folded.slice(0, 300)} ... ${folded.slice(-300)} (${body.length} chars)`
      : folded
  return `${c.kind}${c.kind === 'json' && c.target ? ` target=${JSON.stringify(c.target)}` : ''} ${short}`
}

// --- sending and judging ---------------------------------------------------------------------

export interface FuzzAnswer {
  status: number
  contentType: string
  body: unknown
  text: string
}

export async function sendCase(url: string, collection: string, c: FuzzCase): Promise<FuzzAnswer> {
  const endpoint = `${url}/api/collections/${collection}/records`
  let init: RequestInit
  if (c.kind === 'json') {
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: serialize(c.entries),
    }
  } else if (c.kind === 'raw') {
    init = { method: 'POST', headers: { 'content-type': c.contentType }, body: c.text }
  } else {
    const form = new FormData()
    for (const [key, value] of c.fields) form.append(key, value)
    init = { method: 'POST', body: form }
  }
  const res = await fetch(endpoint, init)
  const text = await res.text()
  let body: unknown = undefined
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body, text }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The id the case asked for, when it asked for a well-formed one. */
export function requestedId(c: FuzzCase): string | undefined {
  const entries = c.kind === 'json' ? c.entries : c.kind === 'form' ? c.fields : []
  const ids = entries.filter(([key]) => key === 'id')
  const last = ids.at(-1)?.[1]
  return typeof last === 'string' && /^[a-z0-9]{15}$/.test(last) ? last : undefined
}

/** Everything wrong with one answer; empty when it is a proper answer to the case. */
export function answerProblems(c: FuzzCase, answer: FuzzAnswer, spec: CollectionSpec): string[] {
  const problems: string[] = []
  const { status, body } = answer
  if (status >= 500) problems.push(`server error ${status}: ${answer.text.slice(0, 300)}`)
  else if (!((status >= 200 && status < 300) || (status >= 400 && status < 500))) {
    problems.push(`unexpected status ${status}`)
  }
  if (!answer.contentType.includes('application/json') || !isRecord(body)) {
    problems.push(`not a JSON object answer (${answer.contentType}): ${answer.text.slice(0, 200)}`)
    return problems
  }
  if (status >= 200 && status < 300) {
    if (typeof body.id !== 'string' || !/^[a-z0-9]{15}$/.test(body.id))
      problems.push(`2xx without a record id`)
    const wanted = spec.serverMadeIds ? '' : requestedId(c)
    if (wanted && body.id !== wanted)
      problems.push(`asked for id ${wanted}, answered ${String(body.id)}`)
    return problems
  }
  if (typeof body.message !== 'string' || body.message.trim() === '')
    problems.push('error without a message')
  if (!isRecord(body.data)) {
    problems.push('error without a data object')
    return problems
  }
  if (status === 400 && c.kind !== 'raw') {
    const named = Object.keys(body.data)
    if (named.length === 0) problems.push(`400 names no field: ${answer.text.slice(0, 200)}`)
    if (c.kind === 'json' && c.target !== undefined && named.length > 0) {
      const target = c.target
      // Own keys only: a target such as "constructor" must not find Object's own members.
      const aliases =
        spec.aliases && Object.prototype.hasOwnProperty.call(spec.aliases, target)
          ? spec.aliases[target]
          : []
      const allowed = [target, ...aliases]
      const related = named.some((field) =>
        allowed.some((a) => field === a || field.startsWith(`${a}.`)),
      )
      if (!related) {
        problems.push(
          `400 for a bad ${JSON.stringify(target)} names ${JSON.stringify(named)} instead`,
        )
      }
    }
  }
  return problems
}

export interface FuzzLogEntry {
  /** The case as sent (fresh ids filled in). */
  case: FuzzCase
  answer: FuzzAnswer
}

/**
 * Runs `batches` property runs of `concurrency` payloads each against the collection, failing
 * (with fast-check's shrunk counterexample) on the first improper answer. Returns every case sent.
 */
export async function fuzzCollection(opts: {
  url: string
  collection: string
  spec: CollectionSpec
  run: FuzzRun
  batches: number
  concurrency: number
  /** Receives every case sent and its answer (kept even when the property fails). */
  log: FuzzLogEntry[]
  seed?: number
}): Promise<void> {
  const { log } = opts
  const details = await fc.check(
    fc.asyncProperty(
      fc.array(fuzzCase(opts.spec), { minLength: opts.concurrency, maxLength: opts.concurrency }),
      async (generated) => {
        const cases = generated.map((c) => materialize(c, opts.run))
        const answers = await Promise.all(cases.map((c) => sendCase(opts.url, opts.collection, c)))
        const failures: string[] = []
        cases.forEach((c, i) => {
          log.push({ case: c, answer: answers[i] })
          const problems = answerProblems(c, answers[i], opts.spec)
          if (problems.length) failures.push(`${describeCase(c)}\n    -> ${problems.join('; ')}`)
        })
        if (failures.length) throw new Error(failures.join('\n'))
      },
    ),
    { numRuns: opts.batches, seed: opts.seed },
  )
  if (details.failed) {
    // fast-check's own report prints every (huge) payload of the batch; this one stays readable.
    const reason =
      details.errorInstance instanceof Error
        ? details.errorInstance.message
        : String(details.errorInstance)
    throw new Error(
      `${opts.collection}: improper answer after ${details.numRuns} batches (seed ${details.seed}, ` +
        `shrunk ${details.numShrinks} times):\n${reason}`,
    )
  }
}

/** Every stored row of the run: ids with the run's prefix, plus ids answered with a 2xx. */
export async function storedRowsOf(
  su: PocketBase,
  collection: string,
  run: FuzzRun,
  log: FuzzLogEntry[],
): Promise<Record<string, unknown>[]> {
  const byPrefix = await su
    .collection(collection)
    .getFullList({ filter: su.filter('id ~ {:prefix}', { prefix: `${run.prefix}%` }), batch: 500 })
  const seen = new Set(byPrefix.map((r) => r.id))
  const answeredIds = log
    .filter(
      (e) =>
        e.answer.status < 300 && isRecord(e.answer.body) && typeof e.answer.body.id === 'string',
    )
    .map((e) => (e.answer.body as { id: string }).id)
    .filter((id) => !seen.has(id))
  const others: Record<string, unknown>[] = []
  for (let i = 0; i < answeredIds.length; i += 50) {
    const chunk = answeredIds.slice(i, i + 50)
    const filter = chunk.map((id) => su.filter('id = {:id}', { id })).join(' || ')
    others.push(...(await su.collection(collection).getFullList({ filter })))
  }
  return [...byPrefix, ...others]
}

/** Ids the server refused (4xx) that nevertheless exist: a create that failed but saved. */
export function refusedButStored(log: FuzzLogEntry[], rows: Record<string, unknown>[]): string[] {
  const stored = new Set(rows.map((r) => r.id))
  const accepted = new Set(
    log
      .filter((e) => e.answer.status < 300)
      .map((e) => requestedId(e.case))
      .filter(Boolean),
  )
  return log
    .filter((e) => e.answer.status >= 400)
    .map((e) => requestedId(e.case))
    .filter((id): id is string => !!id && stored.has(id) && !accepted.has(id))
}

// --- schema checks ----------------------------------------------------------------------------

/** A stored e-mail: trimmed, lowercased, at most EMAIL_MAX characters, one @ with a dotted domain. */
export function emailProblems(value: unknown, field = 'email'): string[] {
  if (typeof value !== 'string') return [`${field} is not text`]
  const problems: string[] = []
  if (value !== value.trim()) problems.push(`${field} is not trimmed`)
  if (value !== value.toLowerCase()) problems.push(`${field} is not lowercased`)
  if (value.length > EMAIL_MAX) problems.push(`${field} is longer than ${EMAIL_MAX}`)
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) problems.push(`${field} is not an e-mail address`)
  return problems
}

/** A stored text field: a string within `min`..`max`, and no control characters. */
export function textProblems(
  row: Record<string, unknown>,
  field: string,
  opts: { min?: number; max: number; multiLine?: boolean; trimmed?: boolean },
): string[] {
  const value = row[field]
  if (typeof value !== 'string') return [`${field} is not text`]
  const problems: string[] = []
  if (value.length < (opts.min ?? 0)) problems.push(`${field} is shorter than ${opts.min}`)
  if ([...value].length > opts.max) problems.push(`${field} is longer than ${opts.max}`)
  if ((opts.multiLine ? CONTROL_EXCEPT_LINES : CONTROL).test(value))
    problems.push(`${field} holds control characters`)
  if (opts.trimmed && value !== value.trim()) problems.push(`${field} is not trimmed`)
  return problems
}

export function oneOf(
  row: Record<string, unknown>,
  field: string,
  values: readonly unknown[],
): string[] {
  return values.includes(row[field])
    ? []
    : [`${field} is ${JSON.stringify(row[field])}, not one of ${JSON.stringify(values)}`]
}

/** Rows that break the schema, each with its problems. */
export function schemaViolations(
  rows: Record<string, unknown>[],
  check: (row: Record<string, unknown>) => string[],
): string[] {
  return rows
    .map((row) => ({ id: row.id, problems: check(row) }))
    .filter((r) => r.problems.length > 0)
    .map((r) => `${String(r.id)}: ${r.problems.join('; ')}`)
}
