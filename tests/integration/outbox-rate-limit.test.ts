// The outbox under PocketBase's production rate limits (60 creates / 10 s per IP, from
// pb_migrations/1763690100_app_settings.js). The shared test server exempts loopback, so this
// file starts its own server, where the limits apply to 127.0.0.1 too.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

const CREATE_LIMIT = 60

let dataDir: string
let server: { url: string; stop(): Promise<void> }
let su: PocketBase
let proxy: LoopbackProxy

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pb-outbox-429-'))
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

afterAll(async () => {
  await proxy?.stop()
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/**
 * One create from this IP that the server refuses for its input (a control character in the
 * name): its status. PocketBase takes a create from the IP's allowance before the create hooks
 * check the input, so this spends the allowance like a real contact while costing the server no
 * row and almost no time.
 */
async function spendCreate(): Promise<number> {
  const res = await fetch(`${server.url}/api/collections/contacts/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...contactPayload('spent', 0), name: 'Visitor\u0007' }),
  })
  return res.status
}

/**
 * Uses up this IP's create allowance at the START of a fresh window, so most of its 10 s are left
 * for the outbox to meet the limit however slow this host is. The limit's windows are fixed: used
 * up one by one, a window could end just as the test goes on, and the outbox's creates would all
 * pass in the next one. The allowance goes on refused creates (400, not a row): 59 real
 * contacts once took most of a window on a busy host, and the outbox's create then passed.
 */
async function exhaustCreates() {
  let n = 0
  // Whatever window is open now, used up...
  while ((await spendCreate()) !== 429) {
    if (++n > CREATE_LIMIT + 1) throw new Error('the create limit never answered 429')
  }
  // ...then the first create that passes opens a fresh one...
  await waitUntil(async () => (await spendCreate()) !== 429, 15_000, 'a fresh window')
  // ...whose allowance goes at once.
  const statuses = await Promise.all(Array.from({ length: CREATE_LIMIT }, spendCreate))
  expect(new Set(statuses)).toEqual(new Set([400, 429]))
}

describe('the outbox when the server answers 429', () => {
  it('keeps the item waiting, backs off, and delivers it once the limit allows', async () => {
    await exhaustCreates()
    const marker = runMarker('throttled')
    const outbox = nodeOutbox(proxy.url)
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
    const outbox = nodeOutbox(proxy.url)
    proxy.decide = () => 'reset' // made offline
    const ids: string[] = []
    for (let n = 0; n < 75; n++)
      ids.push((await outbox.enqueue('contacts', contactPayload(marker, n))).id)
    proxy.decide = () => 'forward'
    proxy.requests.length = 0

    const reports: FlushReport[] = []
    outbox.onFlush((report) => reports.push(report))
    // The allowance used up first, at the start of a window, so the first batch meets the limit
    // however fast this host sends (a slow one could spread 75 creates over two windows and
    // never be refused).
    await exhaustCreates()
    const loop = startSyncLoop(outbox, {})
    try {
      await waitUntil(
        async () => (await outbox.db.outbox.count()) === 0,
        60_000,
        'the backlog to drain',
      )
    } finally {
      loop.stop()
    }
    const rows = await contactsWithMarker(su, marker)
    expect(rows).toHaveLength(75)
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort())
    // The limit was hit: a batch was refused for a throttled sub-request and waited.
    expect(reports.some((r) => r.retrying > 0)).toBe(true)
    expect(
      proxy.requests.filter((r) => r.path === '/api/batch' && r.status === 200).length,
    ).toBeGreaterThanOrEqual(2)
  }, 90_000)
})
