// The delivery queue's two figures, on a PocketBase of its own with a real SMTP receiver on
// loopback (scripts/mail-receiver.mjs):
//   enqueue  what queueing costs a create: contact creates (the owner's notification queued in
//            the record's own transaction, with its caps) against plain creates of the same JSON
//            on a bare collection, same concurrency, rounds alternating plain/contact/contact/plain;
//   send     the queue's throughput: `count` contacts queued, then sender runs
//            (POST /api/mail/flush) until every mail reached the receiver.
// `npm run bench` runs it as its `queue` section. To compare with the code before a change
// (its pb_hooks/ and pb_migrations/ in DIR, its server built): both servers run at once and take
// turns, rounds alternating before/after/after/before, so a busy machine hits both alike:
//   node scripts/bench/queue-bench.mjs --before DIR [--pairs 3]
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startMailReceiver } from '../mail-receiver.mjs'
import {
  exemptLoopbackFromRateLimits,
  root,
  startPocketBase,
  superuserToken,
  upsertSuperuser,
} from '../pocketbase.mjs'
import { median, percentile } from './stats.mjs'
import { postJson } from './post-json.mjs'

const SUPERUSER = { email: 'queue-bench@bench.local', password: 'queue-bench-pass-123' }
const PLAIN = 'bench_plain_contacts'
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

function newId() {
  let id = ''
  for (let i = 0; i < 15; i++) id += ALPHABET[Math.floor(Math.random() * ALPHABET.length)]
  return id
}

/** @typedef {{ ok: number, seconds: number, latencies: number[] }} Round */

/** @param {number} n */
function contactBody(n) {
  return JSON.stringify({
    name: `Bench visitor ${n}`,
    email: `bench-${n}@example.com`,
    message: `Hello from the queue benchmark, message ${n}. Could you call me back this week?`,
    source: 'portfolio_website',
  })
}

/**
 * @param {string} url
 * @param {string} token
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>} the answer's JSON
 */
async function api(url, token, method, path, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: token },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`)
  return text ? JSON.parse(text) : null
}

/**
 * POSTs creates from `concurrency` workers for `durationMs`: { ok, seconds, latencies }.
 * @param {{
 *   url: string,
 *   path: string,
 *   concurrency: number,
 *   durationMs: number,
 *   agent: Agent,
 *   counter: { n: number },
 * }} options
 * @returns {Promise<Round>}
 */
function hammer({ url, path, concurrency, durationMs, agent, counter }) {
  const target = new URL(`${url}${path}`)
  /** @type {number[]} */
  const latencies = []
  let ok = 0
  /** @param {string} json */
  const post = (json) => postJson(target, agent, json)
  const started = performance.now()
  const end = started + durationMs
  const worker = async () => {
    while (performance.now() < end) {
      const json = `{"id":"${newId()}",${contactBody(counter.n++).slice(1)}`
      const t0 = performance.now()
      const status = await post(json)
      latencies.push(performance.now() - t0)
      if (status === 200) ok++
    }
  }
  return Promise.all(Array.from({ length: concurrency }, worker)).then(() => ({
    ok,
    seconds: (performance.now() - started) / 1000,
    latencies,
  }))
}

/** @param {Round[]} rounds */
function summarize(rounds) {
  const ok = rounds.reduce((n, r) => n + r.ok, 0)
  const seconds = rounds.reduce((n, r) => n + r.seconds, 0)
  const latencies = rounds.flatMap((r) => r.latencies)
  return {
    created: ok,
    perSecond: ok / seconds,
    p50Ms: median(latencies),
    p95Ms: percentile(latencies, 95),
  }
}

/**
 * Runs both measurements on a fresh server (the project's hooks and migrations unless given) and
 * returns { enqueue, send }.
 * @param {{
 *   hooksDir?: string,
 *   migrationsDir?: string,
 *   concurrency?: number,
 *   roundMs?: number,
 *   count?: number,
 * }} [options]
 */
export async function runQueueBench({
  hooksDir = join(root, 'pb_hooks'),
  migrationsDir = join(root, 'pb_migrations'),
  concurrency = 8,
  roundMs = 5000,
  count = 500,
} = {}) {
  /** @type {import('../mail-receiver.mjs').ReceivedMail[]} */
  const mails = []
  const receiver = await startMailReceiver({ onMail: (mail) => mails.push(mail) })
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-queue-bench-'))
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  const server = await startPocketBase({
    dataDir,
    env: {
      OWNER_EMAIL: 'owner@bench.local',
      MAIL_FROM: 'site@bench.local',
      APP_URL: 'http://127.0.0.1',
      // No SMTP while creates are measured: no sender run competes with them.
      SMTP_HOST: '',
      MAIL_VISITOR_PER_IP_PER_DAY: '100000000',
      OWNER_MAIL_PER_HOUR: '0',
    },
    extra: [`--hooksDir=${hooksDir}`, `--migrationsDir=${migrationsDir}`],
  })
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  try {
    const token = await superuserToken(server.url, SUPERUSER.email, SUPERUSER.password)
    await exemptLoopbackFromRateLimits(server.url, token)
    await api(server.url, token, 'POST', '/api/collections', {
      name: PLAIN,
      type: 'base',
      createRule: '',
      fields: ['name', 'email', 'message', 'source'].map((name) => ({ name, type: 'text' })),
    })
    const counter = { n: 0 }
    /**
     * @param {string} path
     * @param {number} durationMs
     */
    const run = (path, durationMs) =>
      hammer({ url: server.url, path, concurrency, durationMs, agent, counter })
    const plainPath = `/api/collections/${PLAIN}/records`
    const contactPath = '/api/collections/contacts/records'
    await run(plainPath, 1500)
    await run(contactPath, 1500)
    const plain = [await run(plainPath, roundMs)]
    const contact = [await run(contactPath, roundMs), await run(contactPath, roundMs)]
    plain.push(await run(plainPath, roundMs))
    const p = summarize(plain)
    const c = summarize(contact)
    const enqueue = {
      concurrency,
      plain: p,
      contact: c,
      ratio: c.perSecond / p.perSecond,
      extraP50Ms: c.p50Ms - p.p50Ms,
    }

    // Throughput: a clean queue of `count` mails, then SMTP on.
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
    upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
    const sender = await startPocketBase({
      dataDir,
      env: {
        OWNER_EMAIL: 'owner@bench.local',
        MAIL_FROM: 'site@bench.local',
        APP_URL: 'http://127.0.0.1',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(receiver.port),
        OWNER_MAIL_PER_HOUR: '0',
      },
      extra: [`--hooksDir=${hooksDir}`, `--migrationsDir=${migrationsDir}`],
    })
    try {
      const senderToken = await superuserToken(sender.url, SUPERUSER.email, SUPERUSER.password)
      await exemptLoopbackFromRateLimits(sender.url, senderToken)
      // Counted from here: the minute cron may send some while they are being queued.
      const before = mails.length
      for (let i = 0; i < count; i += 50) {
        const requests = Array.from({ length: Math.min(50, count - i) }, (_, k) => ({
          method: 'POST',
          url: '/api/collections/contacts/records',
          body: { id: newId(), ...JSON.parse(contactBody(100_000 + i + k)) },
        }))
        await api(sender.url, senderToken, 'POST', '/api/batch', { requests })
      }
      const started = performance.now()
      let runs = 0
      let retried = 0
      while (mails.length - before < count && performance.now() - started < 300_000) {
        runs++
        const summary = await api(sender.url, senderToken, 'POST', '/api/mail/flush')
        retried += summary.retried ?? 0
        // Only retries waiting for their back-off: do not spin.
        if (summary.sent === 0) await new Promise((r) => setTimeout(r, 250))
      }
      const seconds = (performance.now() - started) / 1000
      const sent = mails.length - before
      return {
        enqueue,
        send: { mails: sent, of: count, seconds, perSecond: sent / seconds, runs, retried },
      }
    } finally {
      await sender.stop()
    }
  } finally {
    agent.destroy()
    await server.stop()
    await receiver.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * A server for the enqueue measurement: no SMTP (no sender run competes with the creates).
 * @param {string} hooksDir
 * @param {string} migrationsDir
 */
async function createServer(hooksDir, migrationsDir) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-queue-bench-'))
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  const server = await startPocketBase({
    dataDir,
    env: {
      OWNER_EMAIL: 'owner@bench.local',
      MAIL_FROM: 'site@bench.local',
      APP_URL: 'http://127.0.0.1',
      SMTP_HOST: '',
      MAIL_VISITOR_PER_IP_PER_DAY: '100000000',
      OWNER_MAIL_PER_HOUR: '0',
    },
    extra: [`--hooksDir=${hooksDir}`, `--migrationsDir=${migrationsDir}`],
  })
  const token = await superuserToken(server.url, SUPERUSER.email, SUPERUSER.password)
  await exemptLoopbackFromRateLimits(server.url, token)
  return {
    url: server.url,
    async stop() {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Contact creates (each queueing the owner's notification) on the code before a change and on
 * this one, at once, rounds alternating. Returns { before, after, ratio }.
 * @param {{ beforeDir: string, concurrency?: number, roundMs?: number, pairs?: number }} options
 */
export async function compareEnqueue({ beforeDir, concurrency = 8, roundMs = 5000, pairs = 3 }) {
  const before = await createServer(join(beforeDir, 'pb_hooks'), join(beforeDir, 'pb_migrations'))
  const after = await createServer(join(root, 'pb_hooks'), join(root, 'pb_migrations'))
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  try {
    const counter = { n: 0 }
    const path = '/api/collections/contacts/records'
    /**
     * @param {{ url: string }} server
     * @param {number} durationMs
     */
    const run = (server, durationMs) =>
      hammer({ url: server.url, path, concurrency, durationMs, agent, counter })
    await run(before, 1500)
    await run(after, 1500)
    /** @type {{ before: Round[], after: Round[] }} */
    const rounds = { before: [], after: [] }
    for (let i = 0; i < pairs; i++) {
      /** @type {('before' | 'after')[]} */
      const order = i % 2 === 0 ? ['before', 'after'] : ['after', 'before']
      for (const name of order)
        rounds[name].push(await run(name === 'before' ? before : after, roundMs))
    }
    const b = summarize(rounds.before)
    const a = summarize(rounds.after)
    return { concurrency, before: b, after: a, ratio: a.perSecond / b.perSecond }
  } finally {
    agent.destroy()
    await before.stop()
    await after.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  /** @param {string} name */
  const arg = (name) => {
    const i = process.argv.indexOf(name)
    return i > 0 ? process.argv[i + 1] : undefined
  }
  const beforeDir = arg('--before')
  const pairs = Number(arg('--pairs') || 3)
  const result = beforeDir ? await compareEnqueue({ beforeDir, pairs }) : await runQueueBench()
  console.log(JSON.stringify(result, null, 2))
}
