// The outbox under PocketBase's production rate limits (60 creates / 10 s per IP, from
// pb_migrations/1763690100_app_settings.js). The shared test server exempts loopback, so this
// file starts its own server, where the limits apply to 127.0.0.1 too.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type PocketBase from 'pocketbase'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import type { FlushReport } from '../../src/offline/outbox'
import { startSyncLoop } from '../../src/offline/sync-loop'
import { SUPERUSER, harnessEnv } from './harness-env'
import { superuserClient } from './helpers'
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy'
import {
  contactPayload,
  contactsWithMarker,
  nodeOutbox,
  runMarker,
  waitUntil,
} from './support/node-outbox'
import { migratedDataDir } from './support/data-dir'

const CREATE_LIMIT = 60

let dataDir: string
let server: { url: string; stop(): Promise<void> }
let su: PocketBase
let proxy: LoopbackProxy

beforeAll(async () => {
  dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'pb-outbox-429-')))
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  server = await startPocketBase({ dataDir, env: harnessEnv() })
  su = await superuserClient(server.url)
  const { rateLimits } = await su.settings.getAll()
  // Guard: this test means nothing if the limits are not the production ones.
  expect(rateLimits.enabled).toBe(true)
  expect(rateLimits.excludedIPs ?? []).toEqual([])
  expect(rateLimits.rules).toContainEqual(
    expect.objectContaining({ label: '*:create', duration: 10, maxRequests: CREATE_LIMIT }),
  )
  proxy = await startLoopbackProxy(server.url)
})

afterEach(() => {
  proxy.beforeForward = undefined
})

afterAll(async () => {
  await proxy?.stop()
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A contact the create hooks refuse (a control character in the name): no row, little work. */
const refusedContact = () => ({ ...contactPayload('spent', 0), name: 'Visitor\u0007' })

/** One create from this IP that the server refuses for its input: its status. */
async function spendCreate(): Promise<number> {
  const res = await fetch(`${server.url}/api/collections/contacts/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(refusedContact()),
  })
  return res.status
}

/** A batch of one refused create: 400, or 429 when a limit refused it. */
async function spendBatchCreate(): Promise<number> {
  const res = await fetch(`${server.url}/api/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      requests: [
        { method: 'POST', url: '/api/collections/contacts/records', body: refusedContact() },
      ],
    }),
  })
  const answer = (await res.json()) as {
    data?: { requests?: { 0?: { response?: { status?: number } } } }
  }
  return answer.data?.requests?.[0]?.response?.status ?? res.status
}

/**
 * Uses up, now, the allowance `spend` draws on, with more requests at once than it holds.
 * PocketBase gives an allowance back whole only once its period (10 s for these) has passed since
 * the last request it let through, so for 9 s or more after this every such request is refused.
 * Creates sent one by one, requests to /api/batch (20 per 10 s) and the creates inside batches
 * each have an allowance of their own. The creates are refused for their input (400, no row):
 * they cost the server almost nothing however busy this host is.
 */
async function exhaustAllowance(spend: () => Promise<number>) {
  const statuses = await Promise.all(Array.from({ length: CREATE_LIMIT + 1 }, spend))
  expect(new Set(statuses)).toEqual(new Set([400, 429]))
}

/**
 * Uses the allowance up just before the first of the outbox's requests that `matches` reaches the
 * server: the outbox meets the limit however long this host took to send it.
 */
function exhaustBefore(
  matches: (req: { method: string; path: string }) => boolean,
  spend: () => Promise<number>,
) {
  let done = false
  proxy.beforeForward = async (req) => {
    if (done || !matches(req)) return
    done = true
    await exhaustAllowance(spend)
  }
}

describe('the outbox when the server answers 429', () => {
  it('keeps the item waiting, backs off, and delivers it once the limit allows', async () => {
    const marker = runMarker('throttled')
    // The enqueue waits for its first try, however long the allowance takes to use up.
    const outbox = nodeOutbox(proxy.url, { enqueueWaitMs: 60_000 })
    exhaustBefore(
      (req) => req.method === 'POST' && req.path === '/api/collections/contacts/records',
      spendCreate,
    )
    const result = await outbox.enqueue('contacts', contactPayload(marker, 1))
    expect(result).toMatchObject({ status: 'queued', error: { kind: 'rate_limited', status: 429 } })
    const waiting = await outbox.db.outbox.get(result.id)
    expect(waiting?.nextAttemptAt).toBeGreaterThan(Date.now())

    const loop = startSyncLoop(outbox, {})
    try {
      await waitUntil(async () => (await outbox.db.outbox.count()) === 0, 45_000, 'delivery')
    } finally {
      loop.stop()
    }
    const rows = await contactsWithMarker(su, marker)
    expect(rows.map((r) => r.id)).toEqual([result.id])
    const throttled = proxy.requests.filter((r) => r.ids.includes(result.id) && r.status === 429)
    expect(throttled.length).toBeGreaterThanOrEqual(1)
  }, 90_000)

  it('delivers a backlog larger than the limit whole, each item once, in batches', async () => {
    const marker = runMarker('backlog')
    // Every back-off at the low end of its jitter, so the drain takes about as long on every run:
    // the first batch waits out the limit on batches (its 429 says 10 s), and the last meets the
    // limit on the creates inside batches (its 400 carries the 429 and says 10 s too). With the
    // jitter left to chance the drain once took a minute on a busy host.
    const outbox = nodeOutbox(proxy.url, { random: () => 0 })
    proxy.decide = () => 'reset' // made offline
    const ids: string[] = []
    for (let n = 0; n < 75; n++)
      ids.push((await outbox.enqueue('contacts', contactPayload(marker, n))).id)
    proxy.decide = () => 'forward'
    proxy.requests.length = 0

    const reports: FlushReport[] = []
    outbox.onFlush((report) => reports.push(report))
    // The first batch meets the limit on batches. Without this, the test would count on the
    // limit of the creates inside batches refusing the second batch, and a slow host can send it
    // more than 10 s after the first, when that allowance is whole again: nothing is refused.
    exhaustBefore((req) => req.path === '/api/batch', spendBatchCreate)
    const loop = startSyncLoop(outbox, {})
    try {
      await waitUntil(
        async () => (await outbox.db.outbox.count()) === 0,
        150_000,
        'the backlog to drain',
      )
    } finally {
      loop.stop()
    }
    const rows = await contactsWithMarker(su, marker)
    expect(rows).toHaveLength(75)
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort())
    // The limit was hit: the first batch was refused, and its items waited.
    expect(proxy.requests.find((r) => r.path === '/api/batch')?.status).toBe(429)
    expect(reports.some((r) => r.retrying > 0)).toBe(true)
    expect(
      proxy.requests.filter((r) => r.path === '/api/batch' && r.status === 200).length,
    ).toBeGreaterThanOrEqual(2)
  }, 180_000)
})
