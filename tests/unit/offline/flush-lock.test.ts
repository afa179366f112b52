import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createOfflineDatabase, type OfflineDatabase } from '../../../src/offline/db'
import type { LockManagerLike } from '../../../src/offline/flush-lock'
import { createOutbox, ITEM_LEASE_MS } from '../../../src/offline/outbox'
import {
  contact,
  fakeServer,
  guestClient,
  realisticCreate,
  seedBacklog,
  type FakeServer,
} from './fake-server'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let name: string
let tabA: OfflineDatabase
let tabB: OfflineDatabase
let server: FakeServer

beforeEach(() => {
  // Two connections to one database, as two tabs of the same site have.
  name = `lock-${Math.random().toString(36).slice(2)}`
  tabA = createOfflineDatabase(name)
  tabB = createOfflineDatabase(name)
  server = fakeServer()
})

afterEach(() => {
  tabA.close()
  tabB.close()
})

async function queueWhileOffline(count: number) {
  await seedBacklog(
    tabA,
    Array.from({ length: count }, (_, n) => contact(n)),
  )
}

describe('two outboxes over the same database (two tabs) without Web Locks', () => {
  it('send every item exactly once when both flush at the same moment', async () => {
    await queueWhileOffline(20)
    server.respond = async (req, s) => {
      await wait(20) // a slow connection widens the race
      return realisticCreate(req, s)
    }
    const a = createOutbox({ db: tabA, pb: guestClient(), fetch: server.fetch, locks: null })
    const b = createOutbox({ db: tabB, pb: guestClient(), fetch: server.fetch, locks: null })
    const [ra, rb] = await Promise.all([a.flush(), b.flush()])

    expect([ra.acquired, rb.acquired].sort()).toEqual([false, true])
    const sent = server.createdIds()
    expect(sent).toHaveLength(20)
    expect(new Set(sent).size).toBe(20)
    expect(await tabA.outbox.count()).toBe(0)
  })

  it('never send at the same time, even with more than one batch waiting and new items arriving', async () => {
    await queueWhileOffline(120) // three batches: both tabs could each take one
    let inside = 0
    let overlap = false
    server.respond = async (req, s) => {
      inside++
      if (inside > 1) overlap = true
      await wait(10)
      inside--
      return realisticCreate(req, s)
    }
    const tabs = [tabA, tabB].map((db) =>
      createOutbox({ db, pb: guestClient(), fetch: server.fetch, locks: null }),
    )
    await Promise.all([
      ...tabs.map((outbox) => outbox.flush()),
      ...tabs.flatMap((outbox, t) =>
        Array.from({ length: 3 }, (_, n) =>
          outbox.enqueue('contacts', contact(1000 * (t + 1) + n)),
        ),
      ),
    ])
    await Promise.all(tabs.map((outbox) => outbox.flush({ waitMs: 5_000 })))
    expect(overlap).toBe(false)
    const sent = server.createdIds()
    expect(sent).toHaveLength(126)
    expect(new Set(sent).size).toBe(126)
  })

  it('re-sends an item a closed tab left "sending" only after its lease has expired', async () => {
    await queueWhileOffline(1)
    const [item] = await tabA.outbox.toArray()
    const now = Date.now()
    await tabA.outbox.update(item.id, {
      status: 'sending',
      leaseUntil: now + ITEM_LEASE_MS,
      claimedBy: 'a-closed-tab',
    })
    server.respond = realisticCreate
    let clock = now + ITEM_LEASE_MS - 1
    const b = createOutbox({
      db: tabB,
      pb: guestClient(),
      fetch: server.fetch,
      locks: null,
      now: () => clock,
    })
    await b.flush()
    expect(server.requests).toHaveLength(0)
    expect(await b.nextDueAt()).toBe(now + ITEM_LEASE_MS)

    clock = now + ITEM_LEASE_MS
    await b.flush()
    expect(server.createdIds()).toEqual([item.id])
    expect(await tabB.outbox.count()).toBe(0)
  })
})

/** A minimal exclusive lock manager with the Web Locks semantics the outbox relies on. */
function fakeLockManager(): LockManagerLike & { held: Set<string> } {
  const held = new Set<string>()
  const waiters = new Map<string, (() => void)[]>()
  const release = (name: string) => {
    held.delete(name)
    waiters.get(name)?.shift()?.()
  }
  return {
    held,
    async request(name, options, callback) {
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null)
        await new Promise<void>((resolve, reject) => {
          const list = waiters.get(name) ?? []
          list.push(resolve)
          waiters.set(name, list)
          options.signal?.addEventListener('abort', () => {
            list.splice(list.indexOf(resolve), 1)
            reject(options.signal?.reason)
          })
        })
      }
      held.add(name)
      try {
        return await callback({ name })
      } finally {
        release(name)
      }
    },
  }
}

describe('with Web Locks', () => {
  it('a tab that cannot get the lock sends nothing; with a wait it sends after the holder', async () => {
    await queueWhileOffline(3)
    server.respond = realisticCreate
    const locks = fakeLockManager()
    let releaseOther!: () => void
    const otherTab = locks.request(
      `outbox-flush:${name}`,
      {},
      () => new Promise<void>((r) => (releaseOther = r)),
    )

    const b = createOutbox({ db: tabB, pb: guestClient(), fetch: server.fetch, locks })
    expect(await b.flush()).toMatchObject({ acquired: false })
    expect(server.requests).toHaveLength(0)

    const waiting = b.flush({ waitMs: 5_000 })
    await wait(20)
    expect(server.requests).toHaveLength(0)
    releaseOther()
    await otherTab
    expect(await waiting).toMatchObject({ acquired: true, delivered: 3 })
  })

  it('re-sends at once an item a reloaded or closed tab left "sending": its lock went with its page', async () => {
    await queueWhileOffline(1)
    const [item] = await tabA.outbox.toArray()
    await tabA.outbox.update(item.id, {
      status: 'sending',
      leaseUntil: Date.now() + ITEM_LEASE_MS,
      claimedBy: 'a-reloaded-tab',
    })
    server.respond = realisticCreate
    const b = createOutbox({
      db: tabB,
      pb: guestClient(),
      fetch: server.fetch,
      locks: fakeLockManager(),
    })
    expect(await b.flush()).toMatchObject({ acquired: true, delivered: 1 })
    expect(server.createdIds()).toEqual([item.id])
    expect(await tabB.outbox.count()).toBe(0)
  })

  it('gives up waiting after waitMs', async () => {
    await queueWhileOffline(1)
    const locks = fakeLockManager()
    let releaseOther!: () => void
    const otherTab = locks.request(
      `outbox-flush:${name}`,
      {},
      () => new Promise<void>((r) => (releaseOther = r)),
    )
    const b = createOutbox({ db: tabB, pb: guestClient(), fetch: server.fetch, locks })
    expect(await b.flush({ waitMs: 50 })).toMatchObject({ acquired: false })
    releaseOther()
    await otherTab
  })
})
