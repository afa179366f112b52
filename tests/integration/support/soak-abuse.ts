// The soak's abuse phases (scripts/soak.mjs), each attacker from its own loopback address:
//   - realtime: 300 connections at once from one address; at most the per-address cap open, the
//     rest refused, the server under `maxRssMb`;
//   - caps: one address stores contact messages and funnel events past a day's caps, mixing
//     single creates and batches; exactly the cap is stored, every refusal is a 429 (or a batch
//     refused for one) saying when to come back.
import { IP_DAILY_CAP_DEFAULTS, REALTIME_LIMIT_DEFAULTS } from '../../../src/config/limits'
import { residentMb } from './abuse-memory'
import { rawRequest } from './raw-request'
import { openRealtime } from './realtime-clients'

export interface PhaseReport {
  ok: boolean
  summary: string
  problems: string[]
}

export async function runRealtimePhase(o: {
  url: string
  pid: number
  from: string
  connections: number
  maxRssMb: number
}): Promise<PhaseReport> {
  const problems: string[] = []
  const before = residentMb(o.pid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(o.pid))), 20)
  const all = await Promise.all(
    Array.from({ length: o.connections }, () => openRealtime(o.url, o.from)),
  )
  clearInterval(sampler)
  peak = Math.max(peak, residentMb(o.pid))
  for (const c of all) c.close()
  const accepted = all.filter((c) => c.status === 200).length
  const refused = all.filter((c) => c.status === 429).length
  if (accepted > REALTIME_LIMIT_DEFAULTS.perIp)
    problems.push(`${accepted} connections open from one address`)
  if (accepted + refused !== o.connections)
    problems.push(`other answers: ${all.map((c) => c.status).join(',')}`)
  if (peak >= o.maxRssMb)
    problems.push(`resident memory peaked at ${peak} MB (limit ${o.maxRssMb} MB)`)
  const ok = problems.length === 0
  return {
    ok,
    problems,
    summary:
      `soak realtime ${ok ? 'OK' : 'FAILED'}: ${o.connections} connections from one address, ${accepted} open, ` +
      `${refused} refused; server RSS ${before} MB before, peak ${peak} MB` +
      (ok ? '' : `; ${problems.join('; ')}`),
  }
}

const CONTACTS = '/api/collections/contacts/records'
const EVENTS = '/api/collections/events/records'
const ID = 'abcdefghijklmnopqrstuvwxyz0123456789'

function recordId(): string {
  let id = ''
  for (let i = 0; i < 15; i++) id += ID[Math.floor(Math.random() * ID.length)]
  return id
}

/** Sends `total` creates to `path` from `from`: alternately one alone and a batch of five. */
async function flood(
  url: string,
  from: string,
  path: string,
  total: number,
  body: (n: number) => object,
) {
  const statuses: Record<string, number> = {}
  let stored = 0
  let withoutRetryAfter = 0
  for (let n = 0; n < total;) {
    const size = (n / 6) % 2 < 1 ? 1 : 5
    const bodies = Array.from({ length: Math.min(size, total - n) }, (_, i) => body(n + i))
    n += bodies.length
    const answer =
      bodies.length === 1
        ? await rawRequest(url, { path, body: JSON.stringify(bodies[0]), from })
        : await rawRequest(url, {
            path: '/api/batch',
            body: JSON.stringify({
              requests: bodies.map((b) => ({ method: 'POST', url: path, body: b })),
            }),
            from,
          })
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
    if (answer.status === 200) stored += bodies.length
    else if (!answer.headers['retry-after']) withoutRetryAfter++
  }
  return { statuses, stored, withoutRetryAfter }
}

/**
 * `eventsCap`: the events cap of the server (EVENTS_PER_IP_PER_DAY); a small one lets the phase
 * reach it within the per-minute rate limit on event creates.
 */
export async function runCapsPhase(o: {
  url: string
  from: string
  eventsCap: number
}): Promise<PhaseReport> {
  const problems: string[] = []
  const marker = `soak-cap-${recordId()}`
  const messages = await flood(
    o.url,
    o.from,
    CONTACTS,
    IP_DAILY_CAP_DEFAULTS.messages + 20,
    (n) => ({
      id: recordId(),
      name: `Flood ${n}`,
      email: `flood${n}@example.com`,
      message: `${marker} #${n}`,
      source: 'portfolio_website',
    }),
  )
  const events = await flood(o.url, o.from, EVENTS, o.eventsCap + 20, () => ({
    id: recordId(),
    name: 'audit_started',
    path: '/free-audit',
  }))
  // A batch refused at the cap holds up to five creates that were under it: at most 4 short.
  for (const [name, result, cap] of [
    ['messages', messages, IP_DAILY_CAP_DEFAULTS.messages],
    ['events', events, o.eventsCap],
  ] as const) {
    if (result.stored > cap || result.stored < cap - 4)
      problems.push(`${name}: ${result.stored} stored, cap ${cap}`)
    if (result.withoutRetryAfter > 0)
      problems.push(`${name}: ${result.withoutRetryAfter} refusals without Retry-After`)
    if (Object.keys(result.statuses).some((s) => !['200', '400', '429'].includes(s))) {
      problems.push(`${name}: answers ${JSON.stringify(result.statuses)}`)
    }
  }
  const ok = problems.length === 0
  return {
    ok,
    problems,
    summary:
      `soak caps ${ok ? 'OK' : 'FAILED'}: one address stored ${messages.stored}/${IP_DAILY_CAP_DEFAULTS.messages} messages ` +
      `${JSON.stringify(messages.statuses)} and ${events.stored}/${o.eventsCap} funnel events ` +
      `${JSON.stringify(events.statuses)}, single and batched` +
      (ok ? '' : `; ${problems.join('; ')}`),
  }
}
