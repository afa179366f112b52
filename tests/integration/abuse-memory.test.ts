// 50 bodies of 30 MB at EVERY route of the server (THE table of src/config/limits.ts, which the
// route walk proves complete: route-limits.test.ts), on a server of its own with the production
// limits, each route's attacker from its own loopback address, half of the bodies declaring
// their length and half streamed without one: nothing is accepted, nothing answers 5xx, the
// server stays under 200 MB resident and still answers. (Before: one 30 MB body to a custom
// route took the server from 48 to 739 MB, 50 of them past 3 GB.)
import { afterAll, beforeAll, expect, it } from 'vitest'
import { abuseMemorySummary, runAbuseMemory } from './support/abuse-memory'
import { startLimitsServer, type LimitsServer } from './support/limits-server'

let server: LimitsServer

beforeAll(async () => {
  server = await startLimitsServer()
})

afterAll(async () => {
  await server?.stop()
})

it('50 x 30 MB at every route leaves the server under 200 MB and answering', async () => {
  const report = await runAbuseMemory({
    url: server.url,
    pid: server.pid,
    requests: 50,
    bytesEach: 30 * 1024 * 1024,
    maxRssMb: 200,
  })
  expect(report.problems, abuseMemorySummary(report)).toEqual([])
  expect(report.routes).toBeGreaterThan(60)
}, 300_000)
