// Outgoing webhooks on a PocketBase of their own (WEBHOOKS_ALLOW_PRIVATE=true: the receiver is a
// plain HTTP server on 127.0.0.1, the only address this sends to):
//   - creates: contact messages at concurrency 8 with no endpoint and with three endpoints
//     subscribed (every create then stores an event and queues three deliveries in its own
//     transaction, and the server sends them meanwhile), rounds alternating none/three/three/none
//     so drift hits both; then one create at a time, the create's own cost;
//   - delivery: 1,000 events to one endpoint, sent through POST /api/webhooks/flush; the
//     deliveries per second from the first flush until the receiver has all 1,000.
import { createServer } from 'node:http'
import { Agent } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  exemptLoopbackFromRateLimits,
  startPocketBase,
  superuserToken,
  upsertSuperuser,
} from '../pocketbase.mjs'
import { median, percentile } from './stats.mjs'
import { postJson } from './post-json.mjs'

const SUPERUSER = { email: 'bench-webhooks@bench.local', password: 'bench-webhooks-pass-123' }
const EVENTS = 1000
/** Three endpoints may cost creates at most this much (measurement noise on a busy machine). */
export const WEBHOOK_CREATE_RATIO_TARGET = 0.9

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
const newId = () => Array.from(randomBytes(15), (b) => alphabet[b % alphabet.length]).join('')

/** @typedef {{ ok: number, seconds: number, latencies: number[] }} Round */

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
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text.slice(0, 300)}`)
  return text ? JSON.parse(text) : null
}

/** @param {number} n */
function contact(n) {
  return {
    name: `Bench Visitor ${n}`,
    email: `visitor-${n}-${randomBytes(3).toString('hex')}@bench.example`,
    message: `Benchmark message ${n}: how do I make my bookings faster?`,
    source: 'portfolio_website',
  }
}

async function startReceiver() {
  let count = 0
  let firstAt = 0
  let lastAt = 0
  const ids = new Set()
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      count++
      lastAt = performance.now()
      if (!firstAt) firstAt = lastAt
      ids.add(req.headers['webhook-id'])
      res.writeHead(204)
      res.end()
    })
  })
  await /** @type {Promise<void>} */ (
    new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  )
  return {
    origin: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    count: () => count,
    unique: () => ids.size,
    /** Seconds from the first request received to the last. */
    span: () => (lastAt - firstAt) / 1000,
    reset() {
      count = 0
      firstAt = 0
      lastAt = 0
      ids.clear()
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/**
 * Contact creates from `concurrency` workers for `durationMs`: rate and latencies.
 * @param {string} url
 * @param {number} concurrency
 * @param {number} durationMs
 * @param {Agent} agent
 * @returns {Promise<Round>}
 */
async function hammer(url, concurrency, durationMs, agent) {
  const target = new URL(`${url}/api/collections/contacts/records`)
  /** @type {number[]} */
  const latencies = []
  let ok = 0
  let n = 0
  /** @param {string} json */
  const post = (json) => postJson(target, agent, json)
  const started = performance.now()
  const end = started + durationMs
  const worker = async () => {
    while (performance.now() < end) {
      const json = JSON.stringify({ id: newId(), ...contact(n++) })
      const t0 = performance.now()
      const status = await post(json)
      latencies.push(performance.now() - t0)
      if (status === 200) ok++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { ok, seconds: (performance.now() - started) / 1000, latencies }
}

/** @param {Round[]} rounds */
function summarize(rounds) {
  const ok = rounds.reduce((s, r) => s + r.ok, 0)
  const seconds = rounds.reduce((s, r) => s + r.seconds, 0)
  const latencies = rounds.flatMap((r) => r.latencies)
  return {
    created: ok,
    perSecond: ok / seconds,
    p50Ms: median(latencies),
    p95Ms: percentile(latencies, 95),
  }
}

/**
 * @param {{ log?: (line: string) => void, concurrency?: number, roundMs?: number }} [options]
 */
export async function runWebhooksBench({ log = () => {}, concurrency = 8, roundMs = 5000 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'nce-bench-webhooks-'))
  const receiver = await startReceiver()
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  const server = await startPocketBase({
    dataDir,
    env: { WEBHOOKS_ALLOW_PRIVATE: 'true', SMTP_HOST: '', OWNER_EMAIL: 'owner@bench.local' },
  })
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  try {
    const token = await superuserToken(server.url, SUPERUSER.email, SUPERUSER.password)
    await exemptLoopbackFromRateLimits(server.url, token)
    /** @type {string[]} */
    const endpoints = []
    for (const name of ['crm', 'sheet', 'n8n']) {
      const made = await api(server.url, token, 'POST', '/api/webhooks', {
        url: `${receiver.origin}/${name}`,
        events: ['message.received', 'audit.completed'],
        description: name,
      })
      endpoints.push(made.id)
    }
    /**
     * @param {string[]} ids
     * @param {boolean} enabled
     */
    const setEnabled = async (ids, enabled) => {
      for (const id of ids)
        await api(server.url, token, 'PATCH', `/api/webhooks/${id}`, { enabled })
    }

    // Creates: none / three / three / none, after a warm-up of each.
    log('webhooks: creates with no endpoint and with three...')
    await setEnabled(endpoints, false)
    await hammer(server.url, concurrency, 1500, agent)
    await setEnabled(endpoints, true)
    await hammer(server.url, concurrency, 1500, agent)
    const none = []
    const three = []
    await setEnabled(endpoints, false)
    none.push(await hammer(server.url, concurrency, roundMs, agent))
    await setEnabled(endpoints, true)
    three.push(await hammer(server.url, concurrency, roundMs, agent))
    three.push(await hammer(server.url, concurrency, roundMs, agent))
    await setEnabled(endpoints, false)
    none.push(await hammer(server.url, concurrency, roundMs, agent))
    const withNone = summarize(none)
    const withThree = summarize(three)

    // One create at a time: what the create itself costs (its transaction queues the event and
    // three deliveries), apart from the machine also sending them.
    log('webhooks: one create at a time, with no endpoint and with three...')
    /** @type {{ none: number[], three: number[] }} */
    const single = { none: [], three: [] }
    for (const round of /** @type {const} */ (['none', 'three', 'three', 'none'])) {
      await setEnabled(endpoints, round === 'three')
      single[round].push(...(await hammer(server.url, 1, 1500, agent)).latencies)
    }

    // What the creates queued is not part of the delivery measure: cancelled by deleting them.
    for (const id of endpoints) await api(server.url, token, 'DELETE', `/api/webhooks/${id}`)
    const one = await api(server.url, token, 'POST', '/api/webhooks', {
      url: `${receiver.origin}/deliveries`,
      events: ['message.received'],
    })

    log(`webhooks: ${EVENTS} events to one endpoint...`)
    receiver.reset()
    const createdFrom = performance.now()
    let made = 0
    while (made < EVENTS) {
      const size = Math.min(50, EVENTS - made)
      const requests = Array.from({ length: size }, (_, i) => ({
        method: 'POST',
        url: '/api/collections/contacts/records',
        body: { id: newId(), ...contact(100_000 + made + i) },
      }))
      await api(server.url, token, 'POST', '/api/batch', { requests })
      made += size
    }
    // The server's own job starts sending as soon as they are queued; the flushes drive it on.
    const createdBy = performance.now()
    let flushes = 0
    while (receiver.count() < EVENTS && performance.now() - createdBy < 300_000) {
      await api(server.url, token, 'POST', '/api/webhooks/flush', {})
      flushes++
    }
    const allIn = (performance.now() - createdBy) / 1000
    const queue = await api(
      server.url,
      token,
      'GET',
      `/api/collections/deliveries/records?perPage=1&fields=id&filter=${encodeURIComponent(`recipient = "${one.id}" && status = "sent"`)}`,
    )
    return {
      concurrency,
      roundMs,
      creates: {
        noEndpoint: withNone,
        threeEndpoints: withThree,
        ratio: withThree.perSecond / withNone.perSecond,
        oneAtATime: {
          noEndpointMedianMs: median(single.none),
          threeEndpointsMedianMs: median(single.three),
        },
      },
      delivery: {
        events: EVENTS,
        received: receiver.count(),
        uniqueWebhookIds: receiver.unique(),
        sentRows: queue.totalItems,
        createSeconds: (createdBy - createdFrom) / 1000,
        // From the first delivery received to the last: the channel's own pace.
        seconds: receiver.span(),
        perSecond: receiver.count() / Math.max(receiver.span(), 0.001),
        allReceivedSecondsAfterCreates: allIn,
        flushes,
      },
    }
  } finally {
    agent.destroy()
    await server.stop()
    await receiver.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * The bench table's rows for this section.
 * @param {Awaited<ReturnType<typeof runWebhooksBench>>} w
 * @param {(ok: boolean) => string} met
 */
export function webhooksRows(w, met) {
  const c = w.creates
  return [
    [
      `Contact creates, 3 webhook endpoints vs none (c=${w.concurrency})`,
      `${c.threeEndpoints.perSecond.toFixed(0)}/s vs ${c.noEndpoint.perSecond.toFixed(0)}/s = ${(c.ratio * 100).toFixed(0)}%; p95 ${c.threeEndpoints.p95Ms.toFixed(1)} vs ${c.noEndpoint.p95Ms.toFixed(1)} ms`,
      `>= ${WEBHOOK_CREATE_RATIO_TARGET * 100}% (no slower)`,
      met(c.ratio >= WEBHOOK_CREATE_RATIO_TARGET),
    ],
    [
      'One contact create at a time, 3 endpoints vs none',
      `median ${c.oneAtATime.threeEndpointsMedianMs.toFixed(1)} ms vs ${c.oneAtATime.noEndpointMedianMs.toFixed(1)} ms`,
      '',
      '',
    ],
    [
      `Webhook delivery: ${w.delivery.events} events to a local receiver`,
      `${w.delivery.perSecond.toFixed(0)}/s (${w.delivery.received} received in ${w.delivery.seconds.toFixed(1)} s, ${w.delivery.uniqueWebhookIds} distinct ids)`,
      '',
      met(
        w.delivery.received === w.delivery.events &&
          w.delivery.uniqueWebhookIds === w.delivery.events,
      ),
    ],
  ]
}
