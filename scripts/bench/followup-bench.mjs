// The follow-up scheduler under load, on a server of its own that sends mail to a real SMTP
// receiver on loopback: 10,000 people with a follow-up sequence, 2,000 of them due and proven
// (real audits, so each mail renders from its records), the other 8,000 with their next mail days
// away. The server is restarted after seeding; one POST /api/followups/run as if at the due time
// is timed, with the server's resident memory sampled while it runs; then the mail queue is run (POST /api/mail/flush, as the cron
// does every minute) until the follow-ups are sent, counting what each run sends.
import { startMailReceiver } from '../mail-receiver.mjs'
import { startAppServer } from './app-server.mjs'
import { pocketBasePid, residentMb } from './process-stats.mjs'

const DAY = 24 * 60 * 60 * 1000

/** @typedef {import('./kit-bundle.mjs').NodeKit} NodeKit */

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
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text.slice(0, 500)}`)
  return text ? JSON.parse(text) : null
}

/**
 * Runs `requests` (method, url, body) through /api/batch, 50 at a time, `parallel` at once.
 * @param {string} url
 * @param {string} token
 * @param {{ method: string, url: string, body: object }[]} requests
 * @param {number} [parallel]
 */
async function batched(url, token, requests, parallel = 4) {
  let next = 0
  const worker = async () => {
    while (next < requests.length) {
      const slice = requests.slice(next, next + 50)
      next += 50
      await api(url, token, 'POST', '/api/batch', { requests: slice })
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
}

/**
 * @param {string} url
 * @param {string} token
 * @param {string} collection
 * @param {string} filter
 * @param {string} fields
 * @returns {Promise<any[]>} every record's JSON
 */
async function all(url, token, collection, filter, fields) {
  const items = []
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ page: String(page), perPage: '500', fields })
    if (filter) query.set('filter', filter)
    const answer = await api(url, token, 'GET', `/api/collections/${collection}/records?${query}`)
    items.push(...answer.items)
    if (page >= answer.totalPages) return items
  }
}

/**
 * @param {{
 *   publicDir: string,
 *   dataDir: string,
 *   kit: NodeKit,
 *   people?: number,
 *   due?: number,
 * }} options
 */
export async function runFollowupBench({ publicDir, dataDir, kit, people = 10_000, due = 2_000 }) {
  let received = 0
  const receiver = await startMailReceiver({ onMail: () => received++, onError: () => undefined })
  const start = () =>
    startAppServer({
      publicDir,
      dataDir,
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(receiver.port),
        MAIL_FROM: 'followups@bench.local',
        APP_URL: 'http://127.0.0.1',
      },
    })
  let server = await start()
  try {
    let { url, token } = server
    const seedStarted = performance.now()
    // The due 2,000: real audits (the hooks make each person and their sequence).
    const audits = Array.from({ length: due }, (_, n) => ({
      method: 'POST',
      url: '/api/collections/audits/records',
      body: { id: kit.newRecordId(), ...kit.freeAuditBody(200_000 + n) },
    }))
    await batched(url, token, audits)
    // Their results mails and the owner's notices are not what is measured: cancelled.
    const results = await all(
      url,
      token,
      'deliveries',
      "status = 'pending' || status = 'held'",
      'id',
    )
    await batched(
      url,
      token,
      results.map((row) => ({
        method: 'PATCH',
        url: `/api/collections/deliveries/records/${row.id}`,
        body: { status: 'cancelled', lastError: 'Not part of the benchmark.' },
      })),
    )
    // Their addresses showed they are theirs (a click in the results mail).
    const sequences = await all(url, token, 'followups', '', 'id,auditAt')
    const provenAt = new Date().toISOString()
    await batched(
      url,
      token,
      sequences.map((row) => ({
        method: 'PATCH',
        url: `/api/collections/followups/records/${row.id}`,
        body: { provenAt, provenBy: 'results_link' },
      })),
    )
    // The other 8,000: people whose next follow-up is days away.
    const others = people - due
    const personIds = Array.from({ length: others }, () => kit.newRecordId())
    await batched(
      url,
      token,
      personIds.map((id, n) => ({
        method: 'POST',
        url: '/api/collections/people/records',
        body: { id, email: `bench-later-${n}@example.com`, status: 'new', auditCount: 1 },
      })),
    )
    const later = new Date(Date.now() + 5 * DAY).toISOString()
    await batched(
      url,
      token,
      personIds.map((person) => ({
        method: 'POST',
        url: '/api/collections/followups/records',
        body: {
          person,
          audit: kit.newRecordId(),
          auditAt: new Date().toISOString(),
          step: 1,
          nextAt: later,
          provenAt,
          provenBy: 'results_link',
        },
      })),
    )
    const seedSeconds = (performance.now() - seedStarted) / 1000
    const total = (await api(url, token, 'GET', '/api/collections/followups/records?perPage=1'))
      .totalItems

    // A fresh process, as after a restart: what the run costs is not hidden under the seeding's.
    await server.stop()
    server = await start()
    ;({ url, token } = server)

    // One scheduler run when the 2,000 are due.
    const latest = sequences.reduce((max, row) => (row.auditAt > max ? row.auditAt : max), '')
    const now = new Date(Date.parse(latest.replace(' ', 'T')) + 2 * DAY + 60_000).toISOString()
    const pid = pocketBasePid(server.pid)
    const rssBeforeMb = residentMb(pid)
    let peakRssMb = rssBeforeMb
    const sampler = setInterval(() => {
      peakRssMb = Math.max(peakRssMb, residentMb(pid))
    }, 10)
    const runStarted = performance.now()
    const run = await api(url, token, 'POST', '/api/followups/run', { now })
    const runMs = performance.now() - runStarted
    clearInterval(sampler)
    peakRssMb = Math.max(peakRssMb, residentMb(pid))

    // The queue sends them as its cron would, one run at a time.
    const runs = []
    const drainStarted = performance.now()
    for (let i = 0; i < 20; i++) {
      const started = performance.now()
      const flushed = await api(url, token, 'POST', '/api/mail/flush', { now })
      runs.push({
        sent: flushed.sent,
        cancelled: flushed.cancelled,
        ms: performance.now() - started,
      })
      if (flushed.pending === 0) break
    }
    const drainMs = performance.now() - drainStarted
    const deadline = Date.now() + 10_000
    while (received < run.queued && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))

    return {
      people: total,
      due,
      seedSeconds,
      run,
      runMs,
      rssBeforeMb,
      peakRssMb,
      drain: {
        runs,
        sent: runs.reduce((n, r) => n + r.sent, 0),
        received,
        ms: drainMs,
        perSecond: (runs.reduce((n, r) => n + r.sent, 0) / drainMs) * 1000,
      },
    }
  } finally {
    await server.stop()
    await receiver.close()
  }
}
