// Realtime (server-sent events) connections are capped (pb_hooks/request-limits.pb.js,
// server/limits/realtime.ts), on servers of their own with the production limits, each client from
// its own loopback address: at most REALTIME_PER_IP from one address and REALTIME_MAX_CONNECTIONS
// in all, the rest 429 with Retry-After; a closed connection gives its place back; an idle one is
// closed by the server. (Before: 618 connections from one IP were accepted and took the server to
// 2.4 GB.)
import { afterAll, describe, expect, it } from 'vitest'
import { REALTIME_LIMIT_DEFAULTS } from '../../src/config/limits'
import { residentMb } from './support/abuse-memory'
import { startLimitsServer, type LimitsServer } from './support/limits-server'
import { openRealtime, type RealtimeConnection } from './support/realtime-clients'

const servers: LimitsServer[] = []
const open: RealtimeConnection[] = []

afterAll(async () => {
  for (const connection of open) connection.close()
  for (const server of servers) await server.stop()
})

async function server(env: Record<string, string> = {}) {
  const started = await startLimitsServer({ env })
  servers.push(started)
  return started
}

async function connect(url: string, from: string) {
  const connection = await openRealtime(url, from)
  open.push(connection)
  return connection
}

describe('realtime connections', () => {
  it(`300 from one address: ${REALTIME_LIMIT_DEFAULTS.perIp} open, the rest 429, and the server stays under 350 MB`, async () => {
    const { url, pid } = await server()
    const before = residentMb(pid)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 20)
    const connections = await Promise.all(
      Array.from({ length: 300 }, () => connect(url, '127.0.0.131')),
    )
    clearInterval(sampler)
    peak = Math.max(peak, residentMb(pid))
    const statuses = connections.map((c) => c.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(REALTIME_LIMIT_DEFAULTS.perIp)
    expect(statuses.filter((s) => s === 429)).toHaveLength(300 - REALTIME_LIMIT_DEFAULTS.perIp)
    expect(connections.find((c) => c.status === 429)?.retryAfter).toBe('60')
    // Uncapped, this took the server to 2.4 GB. The bar leaves room under the service's
    // MemoryMax=512M for the Go collector running late on a busy host (a peak of 308 MB once).
    expect(peak, `RSS ${before} MB before, peak ${peak} MB`).toBeLessThan(350)

    // Another address still connects; a closed connection gives its place back.
    expect((await connect(url, '127.0.0.132')).status).toBe(200)
    const first = connections.find((c) => c.status === 200)!
    first.close()
    await first.ended
    await expect
      .poll(async () => {
        const again = await connect(url, '127.0.0.131')
        if (again.status === 200) again.close()
        return again.status
      })
      .toBe(200)
  }, 60_000)

  it('past the total cap every address gets 429', async () => {
    const { url } = await server({ REALTIME_MAX_CONNECTIONS: '6' })
    const statuses = []
    for (let n = 0; n < 8; n++) statuses.push((await connect(url, `127.0.1.${10 + n}`)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429])
  })

  it('an idle connection is closed by the server, and its place is free again', async () => {
    const { url } = await server({ REALTIME_IDLE_SECONDS: '1', REALTIME_PER_IP: '1' })
    const idle = await connect(url, '127.0.0.141')
    expect(idle.status).toBe(200)
    expect((await connect(url, '127.0.0.141')).status).toBe(429)
    // Nothing is sent on it: the server ends it after the idle time (the wait is bounded).
    await Promise.race([
      idle.ended,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('still open after 15 s')), 15_000),
      ),
    ])
    await expect.poll(async () => (await connect(url, '127.0.0.141')).status).toBe(200)
  }, 30_000)
})
