// 50 bodies of 30 MB at EVERY route of the server (THE table of src/config/limits.ts, which the
// route walk proves complete: route-limits.test.ts), on a server of its own with the production
// limits, each route's attacker from its own loopback address, half of the bodies declaring
// their length and half streamed without one: nothing is accepted, nothing answers 5xx, the
// server stays under 230 MB resident and still answers. (Before: one 30 MB body to a custom
// route took the server from 48 to 739 MB, 50 of them past 3 GB.) And 50 streamed by slow
// senders to the records API, which reads what it is sent, on a fresh server: under 220 MB
// (137-144 MB measured; before, read behind every other middleware, 286 MB; 30 MB more since the
// delivery queue's dispatcher keeps an engine with every delivery and job kind loaded, resident
// from 2 seconds after the start: 149-156 MB with QUEUE_DISPATCH=manual, 184-190 MB with it on;
// 200-211 MB with the push and morning-mail kinds, 189-202 MB once a channel loads only when a
// row of it is sent, so the push area's cryptography stays out of an engine that sends mail; 161-166
// MB on 2026-11-30 with a pool of 17 engines, 171-207 MB with the pool of 48 that 8 creates at
// once need, scripts/pocketbase.mjs: hence 230).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { abuseMemorySummary, runAbuseMemory } from './support/abuse-memory'
import { startLimitsServer, type LimitsServer } from './support/limits-server'
import { tableRoutes } from './support/route-table'

let server: LimitsServer

beforeAll(async () => {
  server = await startLimitsServer()
})

afterAll(async () => {
  await server?.stop()
})

it('50 x 30 MB at every route leaves the server under 230 MB and answering', async () => {
  const report = await runAbuseMemory({
    url: server.url,
    pid: server.pid,
    requests: 50,
    bytesEach: 30 * 1024 * 1024,
    maxRssMb: 230,
  })
  expect(report.problems, abuseMemorySummary(report)).toEqual([])
  expect(report.routes).toBeGreaterThan(60)
}, 300_000)

it('50 x 30 MB streamed slowly without a Content-Length to a record create: under 220 MB, all 413', async () => {
  const fresh = await startLimitsServer()
  try {
    const report = await runAbuseMemory({
      url: fresh.url,
      pid: fresh.pid,
      requests: 50,
      bytesEach: 30 * 1024 * 1024,
      maxRssMb: 220,
      routes: tableRoutes().filter((r) => r.route === 'POST /api/collections/{collection}/records'),
      streamed: 'all',
      // A contact's field, read as JSON up to the limit; a piece of 64 KiB a second.
      prefix: '{"message":"',
      paceMs: 1000,
    })
    expect(report.problems, abuseMemorySummary(report)).toEqual([])
    expect(report.statuses, abuseMemorySummary(report)).toEqual({ 413: 50 })
  } finally {
    await fresh.stop()
  }
}, 300_000)
