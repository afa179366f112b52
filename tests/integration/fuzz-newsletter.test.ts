// Bad input, fuzzed against the real server (issue #12): 512 generated newsletter sign-ups, each
// answered 2xx or 4xx naming the field, never 5xx; every row they stored fits DESIGN.md §3.
import fc from 'fast-check'
import type PocketBase from 'pocketbase'
import { beforeAll, describe, expect, it } from 'vitest'
import { pbUrl, superuserClient } from './helpers'
import {
  emailProblems,
  fuzzCollection,
  fuzzRun,
  oneOf,
  refusedButStored,
  schemaViolations,
  storedRowsOf,
  text,
  textProblems,
  validEmail,
  type CollectionSpec,
  type FuzzLogEntry,
} from './support/fuzz-kit'

const SOURCES = ['hero_section', 'footer', 'about', 'signup'] as const

const spec: CollectionSpec = {
  valid: {
    email: validEmail('fz-news'),
    source: fc.constantFrom(...SOURCES),
    userAgent: text(0, 512),
  },
}

function subscriptionProblems(row: Record<string, unknown>): string[] {
  return [
    ...emailProblems(row.email),
    ...oneOf(row, 'source', SOURCES),
    ...textProblems(row, 'userAgent', { max: 512 }),
    ...oneOf(row, 'active', [true]),
  ]
}

const run = fuzzRun()
const log: FuzzLogEntry[] = []
let su: PocketBase

beforeAll(async () => {
  su = await superuserClient()
})

describe('newsletter sign-ups under fuzzed input', () => {
  it('answers every generated payload with 2xx, or 4xx naming the field - never 5xx', async () => {
    await fuzzCollection({
      url: pbUrl(),
      collection: 'newsletter_subscriptions',
      spec,
      run,
      batches: 64,
      concurrency: 8,
      log,
    })
    expect(log.length).toBeGreaterThanOrEqual(500)
    expect(log.filter((e) => e.answer.status === 200).length).toBeGreaterThan(25)
    expect(log.filter((e) => e.answer.status === 400).length).toBeGreaterThan(150)
  }, 120_000)

  it('stored only rows that fit the schema, one per e-mail, and none for a refused payload', async () => {
    const rows = await storedRowsOf(su, 'newsletter_subscriptions', run, log)
    expect(rows.length).toBeGreaterThan(25)
    expect(refusedButStored(log, rows)).toEqual([])
    expect(schemaViolations(rows, subscriptionProblems)).toEqual([])
    const emails = rows.map((r) => r.email)
    expect(new Set(emails).size).toBe(emails.length)
  })
})
