// The two tests every fuzzed collection gets: each generated payload is answered 2xx or a 4xx
// naming the field (never 5xx), and the rows the run stored fit the schema, none of them for a
// refused payload. The collection's test file supplies its generators and row checks.
import type PocketBase from 'pocketbase'
import { beforeAll, describe, expect, it } from 'vitest'
import { pbUrl, superuserClient } from '../helpers'
import {
  fuzzCollection,
  fuzzRun,
  refusedButStored,
  schemaViolations,
  storedRowsOf,
  type CollectionSpec,
  type FuzzLogEntry,
} from './fuzz-kit'

export interface FuzzSuite {
  /** The describe block's title, e.g. 'contacts under fuzzed input'. */
  title: string
  collection: string
  spec: CollectionSpec
  /** What is wrong with one stored row against the schema and rules (empty when it fits). */
  rowProblems: (row: Record<string, unknown>) => string[]
  /** The title of the read-back test. */
  storedTitle: string
  timeoutMs?: number
  /** Further checks over all stored rows. */
  moreStoredChecks?: (rows: Record<string, unknown>[]) => void
  /** Runs before the stored rows are read (e.g. deciding queued newsletter sign-ups). */
  beforeRead?: (su: PocketBase) => Promise<unknown>
  /** Further tests registered inside the same describe block. */
  more?: () => void
}

export function describeFuzzedCollection(suite: FuzzSuite) {
  const run = fuzzRun()
  const log: FuzzLogEntry[] = []
  let su: PocketBase

  beforeAll(async () => {
    su = await superuserClient()
  })

  describe(suite.title, () => {
    it(
      'answers every generated payload with 2xx, or 4xx naming the field - never 5xx',
      async () => {
        await fuzzCollection({
          url: pbUrl(),
          collection: suite.collection,
          spec: suite.spec,
          run,
          batches: 64,
          concurrency: 8,
          log,
          // FUZZ_SEED=<seed from a failure> replays that run.
          seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
        })
        expect(log.length).toBeGreaterThanOrEqual(500)
        // Both outcomes occur, or the generators are broken.
        expect(log.filter((e) => e.answer.status === 200).length).toBeGreaterThan(25)
        expect(log.filter((e) => e.answer.status === 400).length).toBeGreaterThan(150)
      },
      suite.timeoutMs ?? 120_000,
    )

    it(suite.storedTitle, async () => {
      await suite.beforeRead?.(su)
      const rows = await storedRowsOf(su, suite.collection, run, log)
      expect(rows.length).toBeGreaterThan(25)
      expect(refusedButStored(log, rows)).toEqual([])
      expect(schemaViolations(rows, suite.rowProblems)).toEqual([])
      suite.moreStoredChecks?.(rows)
    })

    suite.more?.()
  })
}
