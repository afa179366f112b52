// Failures that are not the visitor's fault must not cost a submission, and must not hammer the
// server: an answer that may not be about the item (a proxy's page, a 400 naming no field) is
// tried again a bounded number of times; a member audit whose session was refused waits for its
// owner; a clock moved back does not stall items; a delivered item whose local removal fails is
// never sent again and its removal backs off. fake-indexeddb, with a fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UNCERTAIN_REFUSAL_MAX_ATTEMPTS } from '../../../src/backend/retry-policy'
import { createOutbox, type Outbox } from '../../../src/offline/outbox'
import type { OfflineDatabase } from '../../../src/offline/db'
import { startSyncLoop, type SyncLoop } from '../../../src/offline/sync-loop'
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
  signIn,
  type FakeServer,
} from './fake-server'

const FAKE = { toFake: ['setTimeout', 'clearTimeout', 'Date'] as const }
const T0 = Date.parse('2026-11-21T12:00:00Z')
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

let db: OfflineDatabase
let server: FakeServer

function outboxFor(pb = guestClient()): Outbox {
  return createOutbox({ db, pb, fetch: server.fetch, random: () => 0.5, locks: null })
}

async function advance(loop: SyncLoop, ms: number, step = 500) {
  for (let t = 0; t < ms; t += step) {
    vi.advanceTimersByTime(step)
    await loop.idle()
  }
}

beforeEach(() => {
  vi.useFakeTimers({ ...FAKE, toFake: [...FAKE.toFake] })
  vi.setSystemTime(T0)
  db = freshDb()
  server = fakeServer()
})

afterEach(() => {
  vi.useRealTimers()
  db.close()
})

const proxyPage = (status: number) =>
  new Response(`<html><body>${status} from the hotel Wi-Fi</body></html>`, {
    status,
    headers: { 'content-type': 'text/html' },
  })

describe('an answer that may not be about the item', () => {
  it.each([
    ["a proxy's 403 page", () => proxyPage(403)],
    ["a captive portal's 404 page", () => proxyPage(404)],
    ["a proxy's 413 page", () => proxyPage(413)],
    ['a 400 naming no field', () => answers.status(400, 'Failed to create record.')],
  ])(
    '%s: tried again with back-off, and delivered once the real server answers',
    async (_n, page) => {
      let refusals = 3
      server.respond = (req, s) => (refusals-- > 0 ? page() : realisticCreate(req, s))
      const outbox = outboxFor()
      const loop = startSyncLoop(outbox, {})
      await loop.idle()
      const { status } = await outbox.enqueue('contacts', contact(1))
      expect(status).toBe('queued')
      await advance(loop, 30_000)
      loop.stop()
      expect(server.requests.map((r) => r.at - T0)).toEqual([0, 1_500, 4_500, 10_500])
      expect(await db.outbox.count()).toBe(0)
      expect(rowCount(server)).toBe(1)
    },
  )

  it(`is marked failed after ${UNCERTAIN_REFUSAL_MAX_ATTEMPTS} attempts, not retried for ever`, async () => {
    server.respond = () => proxyPage(403)
    const outbox = outboxFor()
    const loop = startSyncLoop(outbox, {})
    await loop.idle()
    await outbox.enqueue('contacts', contact(1))
    await advance(loop, 60 * MINUTE, 5_000)
    loop.stop()
    expect(server.requests).toHaveLength(UNCERTAIN_REFUSAL_MAX_ATTEMPTS)
    const [item] = await db.outbox.toArray()
    expect(item).toMatchObject({ status: 'failed', attempts: UNCERTAIN_REFUSAL_MAX_ATTEMPTS })
  })

  it('a 400 naming the field is still failed at once (the visitor must fix it)', async () => {
    server.respond = () => answers.invalidEmail()
    const outbox = outboxFor()
    const result = await outbox.enqueue('contacts', contact(1))
    expect(result.status).toBe('failed')
    expect(server.requests).toHaveLength(1)
  })
})

describe('a member audit whose session the server refuses', () => {
  const signInRequired = () =>
    json(400, {
      status: 400,
      message: 'Failed to create record.',
      data: {
        flow: {
          code: 'validation_sign_in_required',
          message: 'A member audit needs you to be signed in.',
        },
      },
    })

  it.each([
    ['a token the server no longer accepts (400 sign in required)', signInRequired],
    ['a 401', () => answers.status(401, 'The request requires valid record authorization token.')],
  ])('%s: waits for its owner to sign in again, then goes', async (_n, refusal) => {
    const pb = guestClient()
    signIn(pb, 'owner000000001')
    let refused = false
    server.respond = (req, s) => {
      if (!refused) {
        refused = true
        return refusal()
      }
      return realisticCreate(req, s)
    }
    const outbox = outboxFor(pb)
    const result = await outbox.enqueue('audits', auditStub({ flow: 'member' }), {
      ownerId: 'owner000000001',
    })
    expect(result.status).toBe('queued')
    expect(pb.authStore.isValid).toBe(false) // the dead session is dropped
    expect(await outbox.nextDueAt()).toBeNull() // nothing to do until the owner is back

    vi.advanceTimersByTime(DAY)
    await outbox.flush()
    expect(server.requests).toHaveLength(1)
    expect((await db.outbox.toArray())[0].status).toBe('queued')

    signIn(pb, 'owner000000001')
    await outbox.flush()
    expect(server.requests).toHaveLength(2)
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('a clock moved back', () => {
  it('a day: items wait no longer than the policy allows, not a day', async () => {
    // A server error (not the network, whose waits the loop cuts short on start anyway).
    server.respond = (req, s) =>
      server.requests.length <= 1
        ? answers.status(503, 'The server could not save this right now.')
        : realisticCreate(req, s)
    // The device's clock runs a day ahead when the first send fails ...
    vi.setSystemTime(T0 + DAY)
    const outbox = outboxFor()
    await outbox.enqueue('contacts', contact(1))
    expect((await db.outbox.toArray())[0].nextAttemptAt).toBeGreaterThan(T0 + DAY)
    // ... and is then set right.
    vi.setSystemTime(T0)
    const loop = startSyncLoop(outbox, {})
    await advance(loop, 6 * MINUTE, 1_000)
    loop.stop()
    expect(server.requests).toHaveLength(2)
    // The 5-minute cap, from the first look after the clock was set right (1 s steps).
    expect(server.requests[1].at - T0).toBeLessThanOrEqual(5 * MINUTE + 2_000)
    expect(await db.outbox.count()).toBe(0)
  })

  it('a day during a send: the lease it left does not hold the item for a day', async () => {
    const outbox = outboxFor()
    await db.outbox.add({
      id: 'leftmidsend0001',
      collection: 'contacts',
      payload: contact(1),
      status: 'sending',
      attempts: 0,
      nextAttemptAt: T0 + DAY,
      leaseUntil: T0 + DAY + 2 * MINUTE,
      claimedBy: 'a-closed-tab',
      createdAt: T0 + DAY,
      seq: 1,
    })
    const loop = startSyncLoop(outbox, {})
    await advance(loop, 3 * MINUTE, 1_000)
    loop.stop()
    expect(server.createdIds()).toEqual(['leftmidsend0001'])
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('a delivered item the database cannot remove', () => {
  it('is never sent again; its removal is retried with back-off until it works', async () => {
    let removalsRefused = 0
    let refuse = true
    const removals: number[] = []
    db.outbox.hook('deleting', () => {
      removals.push(Date.now() - T0)
      if (refuse) {
        removalsRefused++
        throw new Error('QuotaExceededError: the disk is full')
      }
    })
    const outbox = outboxFor()
    const loop = startSyncLoop(outbox, {})
    await loop.idle()
    await outbox.enqueue('contacts', contact(1))
    await advance(loop, 10 * MINUTE, 1_000)
    expect(server.requests).toHaveLength(1) // delivered once, never re-sent
    const gaps = removals.slice(1).map((t, i) => t - removals[i])
    expect(gaps.length).toBeGreaterThanOrEqual(3)
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThan(gaps[i - 1] - 1_000)
    expect(gaps[gaps.length - 1]).toBeGreaterThan(gaps[0])

    refuse = false
    await advance(loop, 6 * MINUTE, 1_000)
    loop.stop()
    expect(await db.outbox.count()).toBe(0)
    expect(server.requests).toHaveLength(1)
    expect(removalsRefused).toBeGreaterThanOrEqual(4)
  })
})
