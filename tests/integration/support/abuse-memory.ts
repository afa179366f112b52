// Big bodies at every route of the server at once, each route's attacker from its own loopback
// address: `requests` bodies of `bytesEach` per route, half declaring their length, half
// streamed without one. The server must refuse them without reading (413), or cut the streamed
// ones off at the route's limit, stay under `maxRssMb` resident, and still answer afterwards.
// Used by tests/integration/abuse-memory.test.ts and `npm run soak` (scripts/soak.mjs). Linux
// only (reads /proc/<pid>/status).
import { readFileSync } from 'node:fs'
import { rawRequest } from './raw-request'
import { tableRoutes, type TableRoute } from './route-table'

export interface AbuseMemoryOptions {
  url: string
  pid: number
  requests: number
  bytesEach: number
  maxRssMb: number
  /** Only these routes (default: every route of the table). */
  routes?: TableRoute[]
  /** Which bodies are streamed without a Content-Length: every other one (default) or all. */
  streamed?: 'half' | 'all'
  /** What a streamed body starts with (default `{"token":"`). */
  prefix?: string
  /** Slow clients: each waits this long before each 64 KiB piece (raw-request.ts). */
  paceMs?: number
}

export interface AbuseMemoryReport {
  ok: boolean
  problems: string[]
  routes: number
  requests: number
  /** How many answers of each status (or connection error code). */
  statuses: Record<string, number>
  rssBeforeMb: number
  peakRssMb: number
  rssAfterMb: number
  seconds: number
}

/** The process's resident memory in MB, from /proc. */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

/** A loopback address of its own for route number `n` (127.0.<n>.<attacker>). */
function attackerAddress(n: number, attacker: number): string {
  return `127.0.${10 + (n % 200)}.${2 + (attacker % 250)}`
}

export async function runAbuseMemory(o: AbuseMemoryOptions): Promise<AbuseMemoryReport> {
  const started = Date.now()
  const routes = o.routes ?? tableRoutes()
  const problems: string[] = []
  const statuses: Record<string, number> = {}
  const rssBeforeMb = residentMb(o.pid)
  let peakRssMb = rssBeforeMb
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, residentMb(o.pid))
  }, 20)
  try {
    for (const [n, route] of routes.entries()) {
      const attempts = Array.from({ length: o.requests }, (_, i) =>
        rawRequest(o.url, {
          method: route.method || 'POST',
          path: route.path,
          bodyBytes: o.bytesEach,
          chunked: o.streamed === 'all' || i % 2 === 1,
          // Streamed: JSON a handler would read to the end.
          prefix: o.prefix ?? '{"token":"',
          paceMs: o.paceMs,
          from: attackerAddress(n, 0),
        }).then(
          (answer) => String(answer.status),
          // The server may close the connection while the rest of a refused body is still sent.
          (err: NodeJS.ErrnoException) => err.code ?? 'error',
        ),
      )
      for (const outcome of await Promise.all(attempts)) {
        statuses[outcome] = (statuses[outcome] ?? 0) + 1
        if (/^5/.test(outcome)) problems.push(`${route.route}: answered ${outcome}`)
      }
    }
  } finally {
    clearInterval(sampler)
  }
  peakRssMb = Math.max(peakRssMb, residentMb(o.pid))
  const health = await fetch(`${o.url}/api/health`).then(
    (res) => res.status,
    () => 0,
  )
  if (health !== 200) problems.push(`the server no longer answers (/api/health: ${health})`)
  const rssAfterMb = residentMb(o.pid)
  const accepted = Object.keys(statuses).filter((s) => /^2/.test(s))
  if (accepted.length > 0) problems.push(`bodies accepted: ${JSON.stringify(statuses)}`)
  if (peakRssMb >= o.maxRssMb) {
    problems.push(`resident memory peaked at ${peakRssMb} MB (limit ${o.maxRssMb} MB)`)
  }
  return {
    ok: problems.length === 0,
    problems: [...new Set(problems)].slice(0, 20),
    routes: routes.length,
    requests: routes.length * o.requests,
    statuses,
    rssBeforeMb,
    peakRssMb,
    rssAfterMb,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  }
}

export function abuseMemorySummary(r: AbuseMemoryReport): string {
  return (
    `soak memory ${r.ok ? 'OK' : 'FAILED'}: ${r.requests} big bodies at ${r.routes} routes in ${r.seconds} s, ` +
    `${JSON.stringify(r.statuses)}; server RSS ${r.rssBeforeMb} MB before, peak ${r.peakRssMb} MB, ` +
    `${r.rssAfterMb} MB after` +
    (r.ok ? '' : `; ${r.problems.join('; ')}`)
  )
}
