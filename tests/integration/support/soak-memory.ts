// The soak's memory phase: one IP sends 50 requests of 30 MB each at once, inside its rate
// limit, at the records API (contacts) and the batch API. The server must refuse them from their
// Content-Length (413) without reading them, and its resident memory must stay under 200 MB.
// Linux only (reads /proc/<pid>/status). Used by `npm run soak` (scripts/soak.mjs).
import { readFileSync } from 'node:fs'
import { rawRequest } from './raw-request'

export interface MemoryPhaseOptions {
  url: string
  pid: number
  requests: number
  bytesEach: number
  /** The attacker's loopback address. */
  from: string
  maxRssMb: number
}

export interface MemoryPhaseReport {
  ok: boolean
  problems: string[]
  statuses: Record<string, number>
  rssBeforeMb: number
  peakRssMb: number
  rssAfterMb: number
}

/** The process's resident memory in MB, from /proc. */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

export async function runMemoryPhase(o: MemoryPhaseOptions): Promise<MemoryPhaseReport> {
  const problems: string[] = []
  const rssBeforeMb = residentMb(o.pid)
  let peakRssMb = rssBeforeMb
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, residentMb(o.pid))
  }, 20)
  const statuses: Record<string, number> = {}
  const attempts = Array.from({ length: o.requests }, (_, n) =>
    rawRequest(o.url, {
      // 20 batches (its limit per 10 s) and 30 record creates.
      path: n % 5 < 2 ? '/api/batch' : '/api/collections/contacts/records',
      bodyBytes: o.bytesEach,
      prefix: '{"message":"',
      from: o.from,
    }).then(
      (answer) => String(answer.status),
      // The server may close the connection while the rest of a refused body is still sent.
      (err: NodeJS.ErrnoException) => err.code ?? 'error',
    ),
  )
  for (const outcome of await Promise.all(attempts)) {
    statuses[outcome] = (statuses[outcome] ?? 0) + 1
  }
  clearInterval(sampler)
  peakRssMb = Math.max(peakRssMb, residentMb(o.pid))
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const rssAfterMb = residentMb(o.pid)

  const accepted = Object.keys(statuses).filter((s) => /^[0-9]+$/.test(s) && s !== '413')
  if (accepted.length > 0) problems.push(`answers other than 413: ${JSON.stringify(statuses)}`)
  if (!statuses['413']) problems.push(`no request was answered 413: ${JSON.stringify(statuses)}`)
  if (peakRssMb >= o.maxRssMb) {
    problems.push(`resident memory peaked at ${peakRssMb} MB (limit ${o.maxRssMb} MB)`)
  }
  return { ok: problems.length === 0, problems, statuses, rssBeforeMb, peakRssMb, rssAfterMb }
}

export function memorySummary(r: MemoryPhaseReport): string {
  return (
    `soak memory ${r.ok ? 'OK' : 'FAILED'}: ${JSON.stringify(r.statuses)}; ` +
    `server RSS ${r.rssBeforeMb} MB before, peak ${r.peakRssMb} MB, ${r.rssAfterMb} MB after` +
    (r.ok ? '' : `; ${r.problems.join('; ')}`)
  )
}
