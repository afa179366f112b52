// Server throughput on the benchmark's own PocketBase: audit creates (checked, validated and
// re-scored, then saved with their job, pb_hooks/audits.pb.js) against plain creates of the same
// JSON on a bare collection (no hooks, open create rule), in the same run, at the same
// concurrency, rounds alternating plain/audit/audit/plain so drift hits both, with p50 and p95 of
// each. The audits' jobs (person, follow-ups, webhook event, mails) run meanwhile on the same
// server and count against both kinds; how long they take to catch up after the last round is
// reported too. With the server's pid, the CPU time its process used per create in the same
// rounds: a steadier figure than the rates, which move with whatever else the machine runs (the
// audits' jobs run in both kinds of round, so it is the creates' cost plus their share of them).
// Then the admin list (50 newest of 10,000 audits).
import { Agent } from 'node:http'
import { cpuMs } from './process-stats.mjs'
import { median, percentile } from './stats.mjs'
import { postJson } from './post-json.mjs'

export const PLAIN_COLLECTION = 'bench_plain'

/** @typedef {import('./kit-bundle.mjs').NodeKit} NodeKit */
/** @typedef {{ email: string, password: string }} Credentials */
/** @typedef {{ ok: number, seconds: number, statuses: Record<string, number>, latencies: number[], cpuMs: number }} Round */

/**
 * @param {string} url
 * @param {string | null} token
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>} the answer's JSON
 */
async function api(url, token, method, path, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`)
  return text ? JSON.parse(text) : null
}

/**
 * A base collection with the audit's fields and nothing else: no hooks, anyone may create.
 * @param {string} url
 * @param {string} token
 */
export async function createBareCollection(url, token) {
  await api(url, token, 'POST', '/api/collections', {
    name: PLAIN_COLLECTION,
    type: 'base',
    createRule: '',
    fields: [
      { name: 'flow', type: 'text' },
      { name: 'email', type: 'text' },
      { name: 'answers', type: 'json', maxSize: 1_000_000 },
      { name: 'otherTexts', type: 'json', maxSize: 1_000_000 },
      { name: 'newsletterSubscription', type: 'bool' },
      { name: 'userAgent', type: 'text' },
      { name: 'completedAt', type: 'text' },
    ],
  })
}

/**
 * @param {string} url
 * @param {string} token
 * @returns {Promise<Credentials>}
 */
export async function createAdminUser(url, token) {
  const admin = { email: 'bench-admin@bench.local', password: 'bench-admin-pass-123' }
  await api(url, token, 'POST', '/api/collections/users/records', {
    ...admin,
    passwordConfirm: admin.password,
    fullName: 'Bench Admin',
    verified: true,
    isAdmin: true,
  })
  return admin
}

/**
 * @param {string} url
 * @param {string} token
 * @param {string} collection
 * @returns {Promise<number>}
 */
export async function countRecords(url, token, collection) {
  const page = await api(
    url,
    token,
    'GET',
    `/api/collections/${collection}/records?perPage=1&fields=id`,
  )
  return page.totalItems
}

/**
 * POSTs `{"id": <new id>, ...body}` to `path` from `concurrency` workers for `durationMs`.
 * Bodies come from a pre-made pool so both kinds cost the client the same.
 * @param {{
 *   url: string,
 *   path: string,
 *   bodies: string[],
 *   newId: () => string,
 *   concurrency: number,
 *   durationMs: number,
 *   agent: Agent,
 *   pid?: number,
 * }} options
 * @returns {Promise<Round>}
 */
function hammer({ url, path, bodies, newId, concurrency, durationMs, agent, pid }) {
  const target = new URL(`${url}${path}`)
  /** @type {Record<string, number>} */
  const statuses = {}
  /** @type {number[]} */
  const latencies = []
  let ok = 0
  let next = 0
  /** @param {string} json */
  const post = (json) => postJson(target, agent, json)

  const cpuBefore = pid ? cpuMs(pid) : 0
  const started = performance.now()
  const end = started + durationMs
  const worker = async () => {
    while (performance.now() < end) {
      const body = bodies[next++ % bodies.length]
      const json = `{"id":"${newId()}",${body.slice(1)}`
      const t0 = performance.now()
      const status = await post(json)
      latencies.push(performance.now() - t0)
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1
      if (status === 200) ok++
    }
  }
  return Promise.all(Array.from({ length: concurrency }, worker)).then(() => ({
    ok,
    seconds: (performance.now() - started) / 1000,
    statuses,
    latencies,
    cpuMs: pid ? cpuMs(pid) - cpuBefore : Number.NaN,
  }))
}

/** @param {Round[]} rounds */
function summarize(rounds) {
  const ok = rounds.reduce((n, r) => n + r.ok, 0)
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0)
  const latencies = rounds.flatMap((r) => r.latencies)
  const cpu = rounds.reduce((n, r) => n + r.cpuMs, 0)
  /** @type {Record<string, number>} */
  const statuses = {}
  for (const r of rounds) {
    for (const [status, n] of Object.entries(r.statuses))
      statuses[status] = (statuses[status] ?? 0) + n
  }
  return {
    created: ok,
    seconds,
    perSecond: ok / seconds,
    p50Ms: median(latencies),
    p95Ms: percentile(latencies, 95),
    /** The server's CPU time per create (ms); NaN without its pid. */
    cpuMsPerCreate: cpu / ok,
    statuses,
  }
}

/**
 * The audits' jobs (`leads.audit-saved`) still waiting or running.
 * @param {string} url
 * @param {string} token
 * @returns {Promise<number>}
 */
async function auditJobsWaiting(url, token) {
  const filter = "kind = 'leads.audit-saved' && (status = 'pending' || status = 'sending')"
  const page = await api(
    url,
    token,
    'GET',
    `/api/collections/deliveries/records?perPage=1&fields=id&filter=${encodeURIComponent(filter)}`,
  )
  return page.totalItems
}

/**
 * Waits until no audit's job waits; returns how long that took (ms), or Infinity after `timeoutMs`.
 * @param {string} url
 * @param {string} token
 * @param {number} timeoutMs
 */
export async function auditJobsDone(url, token, timeoutMs) {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    if ((await auditJobsWaiting(url, token)) === 0) return performance.now() - started
    await new Promise((r) => setTimeout(r, 100))
  }
  return Number.POSITIVE_INFINITY
}

/**
 * @param {{
 *   url: string,
 *   token: string,
 *   kit: NodeKit,
 *   concurrency?: number,
 *   roundMs?: number,
 *   pid?: number,
 * }} options `pid`: the PocketBase process, for its CPU time per create
 */
export async function measureCreates({ url, token, kit, concurrency = 8, roundMs = 5000, pid }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  try {
    const bodies = Array.from({ length: 200 }, (_, n) => JSON.stringify(kit.freeAuditBody(n)))
    /**
     * @param {string} path
     * @param {number} durationMs
     */
    const run = (path, durationMs) =>
      hammer({ url, path, bodies, newId: kit.newRecordId, concurrency, durationMs, agent, pid })
    const plainPath = `/api/collections/${PLAIN_COLLECTION}/records`
    const auditPath = '/api/collections/audits/records'
    // Warm-up (connections, SQLite pages, the hooks' VM pool); not counted.
    await run(plainPath, 1500)
    await run(auditPath, 1500)
    const plain = []
    const audit = []
    plain.push(await run(plainPath, roundMs))
    audit.push(await run(auditPath, roundMs))
    audit.push(await run(auditPath, roundMs))
    plain.push(await run(plainPath, roundMs))
    const p = summarize(plain)
    const a = summarize(audit)
    // The work the audits left to their jobs: how long until it is all done.
    const jobsWaiting = await auditJobsWaiting(url, token)
    const jobsDoneMs = await auditJobsDone(url, token, 60_000)
    return {
      concurrency,
      roundMs,
      plain: p,
      audit: a,
      ratio: a.perSecond / p.perSecond,
      cpuRatio: p.cpuMsPerCreate / a.cpuMsPerCreate,
      jobsWaiting,
      jobsDoneMs,
    }
  } finally {
    agent.destroy()
  }
}

/**
 * Tops the audits collection up to `target` rows through the batch API (50 per request).
 * @param {{ url: string, token: string, kit: NodeKit, target?: number, parallel?: number }} options
 */
export async function seedAudits({ url, token, kit, target = 10_000, parallel = 4 }) {
  const started = performance.now()
  const have = await countRecords(url, token, 'audits')
  let missing = Math.max(0, target - have)
  let n = 100_000
  const worker = async () => {
    while (missing > 0) {
      const size = Math.min(50, missing)
      missing -= size
      const requests = Array.from({ length: size }, () => ({
        method: 'POST',
        url: '/api/collections/audits/records',
        body: { id: kit.newRecordId(), ...kit.freeAuditBody(n++) },
      }))
      await api(url, token, 'POST', '/api/batch', { requests })
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
  return {
    before: have,
    after: await countRecords(url, token, 'audits'),
    seconds: (performance.now() - started) / 1000,
  }
}

/** @param {{ url: string, kit: NodeKit, admin: Credentials, rounds?: number }} options */
export async function measureAdminList({ url, kit, admin, rounds = 200 }) {
  const timed = await kit.timeAdminList(url, admin, rounds)
  return {
    rounds,
    totalAudits: timed.total,
    rowsPerPage: timed.items,
    p50Ms: median(timed.ms),
    p95Ms: percentile(timed.ms, 95),
  }
}
