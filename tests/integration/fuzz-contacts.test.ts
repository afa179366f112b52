// Bad input, fuzzed against the real server (issue #12): 512 generated contact messages, each
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

const run = fuzzRun()
const log: FuzzLogEntry[] = []
let su: PocketBase

beforeAll(async () => {
  su = await superuserClient()
})

describe('contacts under fuzzed input', () => {
  it('answers every generated payload with 2xx, or 4xx naming the field - never 5xx', async () => {
    await fuzzCollection({
      url: pbUrl(),
      collection: 'contacts',
      spec,
      run,
      batches: 64,
      concurrency: 8,
      log,
    })
    expect(log.length).toBeGreaterThanOrEqual(500)
    // Both outcomes occur, or the generators are broken.
    expect(log.filter((e) => e.answer.status === 200).length).toBeGreaterThan(25)
    expect(log.filter((e) => e.answer.status === 400).length).toBeGreaterThan(150)
  }, 120_000)

  it('stored only rows that fit the schema, and none for a refused payload', async () => {
    const rows = await storedRowsOf(su, 'contacts', run, log)
    expect(rows.length).toBeGreaterThan(25)
    expect(refusedButStored(log, rows)).toEqual([])
    expect(schemaViolations(rows, contactProblems)).toEqual([])
  })
})
