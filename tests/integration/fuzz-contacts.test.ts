// Bad input, fuzzed against the real server: 512 generated contact messages, each
// answered 2xx or 4xx naming the field, never 5xx; every row they stored fits the schema and rules of pb_migrations/.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pbUrl } from './helpers'
import {
  emailProblems,
  oneOf,
  text,
  textProblems,
  validEmail,
  type CollectionSpec,
} from './support/fuzz-kit'
import { describeFuzzedCollection } from './support/fuzz-suite'

const SOURCES = ['portfolio_website', 'business_efficiency_audit'] as const

const spec: CollectionSpec = {
  valid: {
    name: text(1, 200),
    email: validEmail('fz-contact'),
    message: text(1, 5000, { multiLine: true }),
    source: fc.constantFrom(...SOURCES),
    auditId: fc.oneof(fc.constant(''), fc.stringMatching(/^[a-z0-9]{15}$/)),
    userAgent: text(0, 512),
  },
}

function contactProblems(row: Record<string, unknown>): string[] {
  return [
    ...textProblems(row, 'name', { min: 1, max: 200, trimmed: true }),
    ...emailProblems(row.email),
    ...textProblems(row, 'message', { min: 1, max: 5000, multiLine: true, trimmed: true }),
    ...oneOf(row, 'source', SOURCES),
    ...textProblems(row, 'auditId', { max: 64 }),
    ...textProblems(row, 'userAgent', { max: 512 }),
    ...oneOf(row, 'processed', [false]),
  ]
}

describeFuzzedCollection({
  title: 'contacts under fuzzed input',
  collection: 'contacts',
  spec,
  rowProblems: contactProblems,
  storedTitle: 'stored only rows that fit the schema, and none for a refused payload',
})

// The refusals pb_hooks/input-limits.pb.js (server/limits/input-hooks.ts) adds where PocketBase
// alone would store a coerced value, answer an unnamed 400 or fail outright; each names the field.
describe('contacts: named refusals of pb_hooks/input-limits.pb.js', () => {
  const valid = '"name":"Ann","email":"ann@example.com","message":"Hi","source":"portfolio_website"'
  const long = `${'l'.repeat(64)}@${['a', 'b', 'c', 'd'].map((c) => c.repeat(60)).join('.')}.com`
  // prettier-ignore
  const cases: [string, string, string, string][] = [
    ['a number as the name', `{${valid},"name":12}`.replace('"name":"Ann",', ''), 'name', 'validation_invalid_type'],
    ['a list as the source', `{"name":"Ann","email":"ann@example.com","message":"Hi","source":["portfolio_website"]}`, 'source', 'validation_invalid_type'],
    ['a well-formed e-mail of 312 characters', `{"name":"Ann","email":"${long}","message":"Hi","source":"portfolio_website"}`, 'email', 'validation_max_text_constraint'],
    ['a NUL character in the name', `{"name":"A\\u0000nn","email":"ann@example.com","message":"Hi","source":"portfolio_website"}`, 'name', 'validation_control_characters'],
    ['processed set by the visitor', `{${valid},"processed":false}`, 'processed', 'validation_server_only'],
    ['a field given twice', `{${valid},"email":"other@example.com"}`, 'email', 'validation_duplicate_field'],
    ['a lone surrogate', `{"name":"\\udfff","email":"ann@example.com","message":"Hi","source":"portfolio_website"}`, 'name', 'validation_invalid_json'],
    ['a path as the id', `{${valid},"id":"../../../../etc/passwd"}`, 'id', 'validation_invalid_format'],
  ]

  it.each(cases)('%s is a 400 naming the field', async (_what, body, field, code) => {
    const res = await fetch(`${pbUrl()}/api/collections/contacts/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(res.status).toBe(400)
    expect((await res.json()).data).toHaveProperty([field, 'code'], code)
  })

  it.each([
    ['an array', '[{"name":"Ann"}]', 'The request body must be a JSON object of record fields.'],
    ['broken JSON', '{"name":', 'The request body is not valid JSON.'],
  ])('a body that is %s gets a 400 saying so', async (_what, body, message) => {
    const res = await fetch(`${pbUrl()}/api/collections/contacts/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ message })
  })
})
