import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { newRecordId } from '../../../src/backend/outbox-transport'
import { createOutbox, type Outbox } from '../../../src/offline/outbox'
import { startSyncLoop, type SyncLoop } from '../../../src/offline/sync-loop'
import type { OfflineDatabase } from '../../../src/offline/db'
import {
  answers,
  auditStub,
  contact,
  fakeServer,
  freshDb,
  guestClient,
  json,
  realisticCreate,
  rowCount,
  seedBacklog,
  signIn,
  type Answer,
  type FakeServer,
} from './fake-server'

// Only the clock and timers are faked: fake-indexeddb schedules its work with setImmediate.
const FAKE = { toFake: ['setTimeout', 'clearTimeout', 'Date'] as const }
const T0 = Date.parse('2026-11-21T12:00:00Z')
const HOUR = 3_600_000

let db: OfflineDatabase
let server: FakeServer

function outboxFor(
  pb = guestClient(),
  extra: Partial<Parameters<typeof createOutbox>[0]> = {},
): Outbox {
  return createOutbox({ db, pb, fetch: server.fetch, random: () => 0.5, locks: null, ...extra })
}

beforeEach(() => {
  vi.useFakeTimers({ ...FAKE, toFake: [...FAKE.toFake] })
  vi.setSystemTime(T0)
  db = freshDb()
  server = fakeServer()
})

afterEach(async () => {
  vi.useRealTimers()
  db.close()
})

describe('newRecordId', () => {
  it('makes 15-character [a-z0-9] ids that do not repeat', () => {
    const ids = Array.from({ length: 2000 }, newRecordId)
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{15}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('enqueue', () => {
  it('sends at once when the server answers, with the id it made, and reports "sent"', async () => {
    const result = await outboxFor().enqueue('contacts', contact(1))
    expect(result).toEqual({ id: expect.stringMatching(/^[a-z0-9]{15}$/), status: 'sent' })
    expect(server.rows.get('contacts')?.get(result.id)).toMatchObject(contact(1))
    expect(await db.outbox.count()).toBe(0)
  })

  it('keeps the item and reports "queued" when the network is down', async () => {
    server.respond = () => 'network'
    const result = await outboxFor().enqueue('newsletter_subscriptions', {
      email: 'a@example.com',
      source: 'footer',
    })
    expect(result.status).toBe('queued')
    expect(result.error?.kind).toBe('network')
    const item = await db.outbox.get(result.id)
    expect(item).toMatchObject({
      status: 'queued',
      attempts: 1,
      collection: 'newsletter_subscriptions',
    })
  })

  it('reports "failed" with the server message when the server refuses the item', async () => {
    const result = await outboxFor().enqueue('contacts', contact(1, 'not-an-email'))
    expect(result.status).toBe('failed')
    expect(result.error).toMatchObject({
      kind: 'validation',
      status: 400,
      serverMessage: 'Failed to create record.',
      fieldErrors: { email: 'Must be a valid email address.' },
    })
  })

  it('sends every request with no auto-cancel key so parallel sends are never cancelled', async () => {
    const pb = guestClient()
    pb.autoCancellation(true)
    const outbox = outboxFor(pb)
    const results = await Promise.all([1, 2, 3].map((n) => outbox.enqueue('contacts', contact(n))))
    expect(results.map((r) => r.status)).toEqual(['sent', 'sent', 'sent'])
    expect(rowCount(server)).toBe(3)
  })

  it('deletes the draft in the same step when asked (submit clears the draft)', async () => {
    await db.drafts.put({
      flow: 'free',
      userId: '',
      answers: { q1: 'a' },
      otherTexts: {},
      step: 'teaser',
      section: 4,
      updatedAt: T0,
    })
    server.respond = () => 'network'
    await outboxFor().enqueue('audits', auditStub({ flow: 'free' }), {
      clearDraft: { flow: 'free' },
    })
    expect(await db.drafts.count()).toBe(0)
    expect(await db.outbox.count()).toBe(1)
  })
})

describe('every kind of server answer', () => {
  type Expected = { state: 'delivered' | 'failed' | 'queued'; waitMs?: number }
  const cases: [string, (() => Answer) | 'create', Expected][] = [
    ['network error', () => 'network', { state: 'queued', waitMs: 1_500 }],
    ['200 created', 'create', { state: 'delivered' }],
    ['400 duplicate id (already delivered)', answers.duplicateId, { state: 'delivered' }],
    ['400 other validation error', answers.invalidEmail, { state: 'failed' }],
    [
      '401',
      () => answers.status(401, 'The request requires valid record authorization token.'),
      { state: 'failed' },
    ],
    [
      '403',
      () => answers.status(403, 'Only superusers can perform this action.'),
      { state: 'failed' },
    ],
    ['404', () => answers.status(404, 'Missing collection context.'), { state: 'failed' }],
    [
      '429 without Retry-After',
      () => answers.status(429, 'Too Many Requests.'),
      { state: 'queued', waitMs: 1_500 },
    ],
    [
      '429 with Retry-After: 30',
      () => answers.status(429, 'Too Many Requests.', { 'Retry-After': '30' }),
      { state: 'queued', waitMs: 30_000 },
    ],
    [
      '500',
      () => answers.status(500, 'Something went wrong while processing your request.'),
      { state: 'queued', waitMs: 1_500 },
    ],
    ['503', () => answers.status(503, 'Service Unavailable'), { state: 'queued', waitMs: 1_500 }],
    [
      '200 that is not our record (captive portal)',
      () => new Response('<html>Sign in to Wi-Fi</html>', { status: 200 }),
      { state: 'queued', waitMs: 1_500 },
    ],
  ]

  it.each(cases)('%s', async (_name, answer, expected) => {
    server.respond = answer === 'create' ? realisticCreate : answer
    const { id } = await outboxFor().enqueue('contacts', contact(1))
    const item = await db.outbox.get(id)
    if (expected.state === 'delivered') {
      expect(item).toBeUndefined()
      return
    }
    expect(item?.status).toBe(expected.state)
    expect(item?.attempts).toBe(1)
    expect(item?.lastError?.serverMessage).toBeTruthy()
    if (expected.state === 'queued') expect(item?.nextAttemptAt).toBe(T0 + expected.waitMs!)
  })

  it('never blocks the items behind a refused one', async () => {
    server.respond = () => 'network'
    const outbox = outboxFor()
    await outbox.enqueue('contacts', contact(1))
    await outbox.enqueue('contacts', contact(2, 'bad'))
    await outbox.enqueue('contacts', contact(3))
    server.respond = realisticCreate
    vi.setSystemTime(T0 + 10_000)
    const report = await outbox.flush()
    expect(report).toMatchObject({ delivered: 2, failed: 1, retrying: 0 })
    const left = await db.outbox.toArray()
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({ status: 'failed', payload: { email: 'bad' } })
  })
})

describe('batched sending', () => {
  const queueOffline = (emails: string[]) =>
    seedBacklog(
      db,
      emails.map((email, n) => contact(n, email)),
    )

  it('sends all due items in one batch request, oldest first', async () => {
    const outbox = outboxFor()
    const ids = await queueOffline(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io'])
    await outbox.flush()
    expect(server.requests.map((r) => r.path)).toEqual(['/api/batch'])
    expect(server.createdIds()).toEqual(ids)
    expect(rowCount(server)).toBe(4)
  })

  it('splits a backlog into batches of at most 50', async () => {
    const outbox = outboxFor()
    await queueOffline(Array.from({ length: 120 }, (_, i) => `v${i}@x.io`))
    await outbox.flush()
    const sizes = server.requests.map((r) => (r.body as unknown[]).length)
    expect(sizes).toEqual([50, 50, 20])
    expect(rowCount(server)).toBe(120)
  })

  it('when one item fails the batch, records that item and sends the others one at a time', async () => {
    const outbox = outboxFor()
    const ids = await queueOffline(['a@x.io', 'b@x.io', 'not-an-email', 'd@x.io', 'e@x.io'])
    const report = await outbox.flush()
    expect(report).toMatchObject({ delivered: 4, failed: 1 })
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/batch',
      ...Array(4).fill('/api/collections/contacts/records'),
    ])
    expect((await db.outbox.get(ids[2]))?.lastError?.fieldErrors).toEqual({
      email: 'Must be a valid email address.',
    })
  })

  it('treats a duplicate inside a batch as delivered (the first send got through)', async () => {
    const outbox = outboxFor()
    const ids = await queueOffline(['a@x.io', 'b@x.io', 'c@x.io'])
    server.rows.set('contacts', new Map([[ids[0], { id: ids[0] }]]))
    await outbox.flush()
    expect(await db.outbox.count()).toBe(0)
    expect(rowCount(server)).toBe(3)
  })

  it('backs the whole batch off, without one-at-a-time sends, when a sub-request is throttled', async () => {
    const outbox = outboxFor()
    await queueOffline(['a@x.io', 'b@x.io', 'c@x.io'])
    server.respond = () =>
      json(400, {
        status: 400,
        message: 'Batch transaction failed.',
        data: {
          requests: {
            '1': {
              code: 'batch_request_failed',
              message: 'Batch request failed.',
              response: { status: 429, message: 'Too Many Requests.', data: {} },
            },
          },
        },
      })
    const report = await outbox.flush()
    expect(report).toMatchObject({ delivered: 0, failed: 0, retrying: 3 })
    expect(server.requests).toHaveLength(1)
    const times = new Set((await db.outbox.toArray()).map((i) => i.nextAttemptAt))
    expect(times.size).toBe(1) // one retry time keeps their order
  })

  it('keeps items the server throttled waiting even after a later send succeeds', async () => {
    const outbox = outboxFor()
    // 60 items: 50 are tried and throttled, the other 10 are held back untried.
    await queueOffline(Array.from({ length: 60 }, (_, i) => `v${i}@x.io`))
    server.respond = (req, s) =>
      req.path === '/api/batch'
        ? answers.status(429, 'Too Many Requests.')
        : realisticCreate(req, s)
    await outbox.flush()
    expect(server.requests).toHaveLength(1)
    server.requests.length = 0
    expect((await outbox.enqueue('contacts', contact(99))).status).toBe('sent')
    expect(server.requests.map((r) => r.path)).toEqual(['/api/collections/contacts/records'])
    expect(await db.outbox.count()).toBe(60)
  })

  it('falls back to one at a time when the batch API is refused as a whole (e.g. disabled)', async () => {
    const outbox = outboxFor()
    await queueOffline(['a@x.io', 'b@x.io'])
    server.respond = (req, s) =>
      req.path === '/api/batch'
        ? answers.status(403, 'Batch requests are not allowed.')
        : realisticCreate(req, s)
    await outbox.flush()
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/batch',
      '/api/collections/contacts/records',
      '/api/collections/contacts/records',
    ])
    expect(rowCount(server)).toBe(2)
  })

  it('stops after a network error and holds back every other due item until the same time', async () => {
    const outbox = outboxFor()
    await queueOffline(Array.from({ length: 60 }, (_, i) => `v${i}@x.io`))
    server.respond = () => 'network'
    await outbox.flush()
    expect(server.requests).toHaveLength(1) // not one request per chunk
    const items = await db.outbox.toArray()
    expect(new Set(items.map((i) => i.nextAttemptAt)).size).toBe(1)
    expect(items.filter((i) => i.attempts === 2)).toHaveLength(50) // tried twice
    expect(items.filter((i) => i.attempts === 1)).toHaveLength(10) // deferred, not tried
  })
})

describe('back-off over time (sync loop with fake timers)', () => {
  // IndexedDB work runs on real macrotasks, so fake time moves in steps and waits for the
  // loop to finish what each step started. Every delay here is a multiple of the step.
  async function advance(loop: SyncLoop, ms: number, step = 250) {
    for (let t = 0; t < ms; t += step) {
      vi.advanceTimersByTime(step)
      await loop.idle()
    }
  }

  it('retries a server that is down at 1.5 s, 3 s, 6 s, 12 s ... and delivers once it is up', async () => {
    const tries: number[] = []
    server.respond = (req, s) => {
      tries.push(Date.now() - T0)
      return tries.length <= 5 ? 'network' : realisticCreate(req, s)
    }
    const outbox = outboxFor()
    const loop = startSyncLoop(outbox, {})
    await loop.idle()
    await outbox.enqueue('contacts', contact(1))
    await advance(loop, 60_000)
    loop.stop()
    expect(tries).toEqual([0, 1_500, 4_500, 10_500, 22_500, 46_500])
    expect(await db.outbox.count()).toBe(0)
    expect(rowCount(server)).toBe(1)
  })

  it('waits exactly as long as Retry-After says on a 429', async () => {
    const tries: number[] = []
    server.respond = (req, s) => {
      tries.push(Date.now() - T0)
      return tries.length === 1
        ? answers.status(429, 'Too Many Requests.', { 'Retry-After': '20' })
        : realisticCreate(req, s)
    }
    const outbox = outboxFor()
    const loop = startSyncLoop(outbox, {})
    await loop.idle()
    await outbox.enqueue('contacts', contact(1))
    await advance(loop, 19_999, 1)
    expect(tries).toEqual([0])
    await advance(loop, 1, 1)
    loop.stop()
    expect(tries).toEqual([0, 20_000])
    expect(rowCount(server)).toBe(1)
  })

  it('caps the wait at 5 minutes however long the outage', async () => {
    const tries: number[] = []
    server.respond = () => {
      tries.push(Date.now())
      return 'network'
    }
    const outbox = outboxFor()
    const loop = startSyncLoop(outbox, {})
    await loop.idle()
    await outbox.enqueue('contacts', contact(1))
    await advance(loop, 60 * 60_000, 1_500)
    loop.stop()
    const gaps = tries.slice(1).map((t, i) => t - tries[i])
    expect(Math.max(...gaps)).toBe(225_000) // 0.75 x the 300 s cap with random = 0.5
    expect(gaps.slice(-3)).toEqual([225_000, 225_000, 225_000])
  })

  it('on the online event, sends items held back by a network error without waiting out the back-off', async () => {
    server.respond = () => 'network'
    const outbox = outboxFor()
    const events = new EventTarget()
    const loop = startSyncLoop(outbox, { events })
    await loop.idle()
    await outbox.enqueue('contacts', contact(1))
    server.respond = realisticCreate
    await loop.idle()
    expect(rowCount(server)).toBe(0) // the back-off timer (1.5 s) has not fired
    events.dispatchEvent(new Event('online'))
    await loop.idle()
    loop.stop()
    expect(rowCount(server)).toBe(1)
    expect(Date.now()).toBe(T0)
  })

  it('while another tab holds the flush lock, looks again every 10 s and sends once it is free', async () => {
    await seedBacklog(db, [contact(1)])
    const otherTab = { owner: 'another-tab', expiresAt: T0 + HOUR }
    await db.meta.put({ key: 'flush-lease', value: otherTab })
    const loop = startSyncLoop(outboxFor(), {})
    await loop.idle()
    await advance(loop, 9_750)
    expect(server.requests).toHaveLength(0)
    await db.meta.delete('flush-lease') // the other tab finished (or was closed and expired)
    await advance(loop, 250)
    loop.stop()
    expect(rowCount(server)).toBe(1)
  })

  it('at start, sends what an earlier visit left waiting', async () => {
    server.respond = () => 'network'
    await outboxFor().enqueue('contacts', contact(1))
    server.respond = realisticCreate
    // A new page load: a new outbox over the same database, and its loop.
    const loop = startSyncLoop(outboxFor(), {})
    await loop.idle()
    loop.stop()
    expect(rowCount(server)).toBe(1)
  })

  it('when the page becomes visible again, tries items held back by a network error', async () => {
    server.respond = () => 'network'
    const outbox = outboxFor()
    const page = Object.assign(new EventTarget(), {
      visibilityState: 'hidden' as DocumentVisibilityState,
    })
    const loop = startSyncLoop(outbox, { document: page })
    await loop.idle()
    await outbox.enqueue('contacts', contact(1))
    server.respond = realisticCreate
    page.dispatchEvent(new Event('visibilitychange')) // hidden: nothing happens
    await loop.idle()
    expect(rowCount(server)).toBe(0)
    page.visibilityState = 'visible'
    page.dispatchEvent(new Event('visibilitychange'))
    await loop.idle()
    loop.stop()
    expect(rowCount(server)).toBe(1)
  })

  it('on the online event, still waits out a Retry-After the server asked for', async () => {
    server.respond = () => answers.status(429, 'Too Many Requests.', { 'Retry-After': '60' })
    const outbox = outboxFor()
    const events = new EventTarget()
    const loop = startSyncLoop(outbox, { events })
    await loop.idle()
    await outbox.enqueue('contacts', contact(1))
    server.respond = realisticCreate
    events.dispatchEvent(new Event('online'))
    await loop.idle()
    expect(rowCount(server)).toBe(0)
    await advance(loop, 60_000, 500)
    loop.stop()
    expect(rowCount(server)).toBe(1)
  })

  it('once one send succeeds, sends everything that waited only for the network, in one batch', async () => {
    server.respond = () => 'network'
    const outbox = outboxFor()
    for (let n = 0; n < 5; n++) {
      await outbox.enqueue('contacts', contact(n))
      vi.setSystemTime(Date.now() + 200) // each item gets its own back-off time
    }
    const times = new Set((await db.outbox.toArray()).map((i) => i.nextAttemptAt))
    expect(times.size).toBeGreaterThan(1)
    server.respond = realisticCreate
    server.requests.length = 0
    await outbox.enqueue('contacts', contact(9)) // the connection is back
    expect(await db.outbox.count()).toBe(0)
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/collections/contacts/records',
      '/api/batch',
    ])
  })
})

describe('owner-bound items', () => {
  it('wait while nobody is signed in, and while someone else is; go once the owner signs in', async () => {
    const pb = guestClient()
    const outbox = outboxFor(pb)
    const result = await outbox.enqueue(
      'audits',
      auditStub({ flow: 'member', user: 'owner000000001' }),
      { ownerId: 'owner000000001' },
    )
    expect(result.status).toBe('queued')
    expect(server.requests).toHaveLength(0)
    expect(await outbox.nextDueAt()).toBeNull() // no timer spins for an item nobody may send

    signIn(pb, 'someoneelse0001')
    await outbox.flush()
    expect(server.requests).toHaveLength(0)

    signIn(pb, 'owner000000001')
    expect(await outbox.nextDueAt()).toBe(T0)
    await outbox.flush()
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0].authorization).toBe(pb.authStore.token)
    expect(await db.outbox.count()).toBe(0)
  })

  it('are not sent with an expired session of the owner', async () => {
    const pb = guestClient()
    signIn(pb, 'owner000000001')
    pb.authStore.save(
      pb.authStore.token.replace(
        /\.[^.]+\./,
        `.${Buffer.from(JSON.stringify({ id: 'owner000000001', type: 'auth', exp: 1 })).toString('base64url')}.`,
      ),
      pb.authStore.record,
    )
    const outbox = outboxFor(pb)
    await outbox.enqueue('audits', auditStub({ flow: 'member' }), { ownerId: 'owner000000001' })
    expect(server.requests).toHaveLength(0)
  })

  it('do not hold up ownerless items behind them', async () => {
    const pb = guestClient()
    const outbox = outboxFor(pb)
    await outbox.enqueue('audits', auditStub({ flow: 'member' }), { ownerId: 'owner000000001' })
    const { status } = await outbox.enqueue('contacts', contact(2))
    expect(status).toBe('sent')
    expect(await db.outbox.count()).toBe(1)
  })
})

describe('retry and discard of a failed item', () => {
  it('retry puts it back in the queue and sends it; discard deletes it', async () => {
    let refuse = true
    server.respond = (req, s) =>
      refuse ? answers.status(403, 'Forbidden.') : realisticCreate(req, s)
    const outbox = outboxFor()
    const a = await outbox.enqueue('contacts', contact(1))
    const b = await outbox.enqueue('contacts', contact(2))
    expect([a.status, b.status]).toEqual(['failed', 'failed'])
    // A failed item is never sent again on its own.
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    await outbox.flush()
    expect(server.requests).toHaveLength(2)

    refuse = false
    await outbox.retry(a.id)
    expect(await db.outbox.get(a.id)).toBeUndefined()
    await outbox.discard(b.id)
    expect(await db.outbox.count()).toBe(0)
    expect(rowCount(server)).toBe(1)
  })
})
