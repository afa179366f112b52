// Makes sure only one tab (or one outbox instance over the same database) flushes at a time.
// Web Locks where the browser has them; elsewhere (Node, old browsers) a lease row in the
// database's `meta` table, taken in a read-write transaction so two connections cannot both
// win it, and renewed while the flush runs.
import type { OfflineDatabase } from './db'

export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>
}

export interface FlushLock {
  /**
   * Runs `fn` while holding the lock. With `waitMs` it waits that long for another holder to
   * finish; without, it gives up at once. `renew` keeps a lease alive (a no-op for Web Locks)
   * and returns false if the lease was lost.
   */
  run<T>(
    fn: (renew: () => Promise<boolean>) => Promise<T>,
    opts?: { waitMs?: number },
  ): Promise<{ acquired: true; value: T } | { acquired: false }>
}

/** The Web Lock every tab takes to flush the outbox of database `dbName`. */
export function flushLockName(dbName: string): string {
  return `outbox-flush:${dbName}`
}

const LEASE_KEY = 'flush-lease'
const POLL_MS = 200

interface LeaseValue {
  owner: string
  expiresAt: number
}

export function browserLocks(): LockManagerLike | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator
  return nav?.locks
}

export function webLockFlushLock(locks: LockManagerLike, name: string): FlushLock {
  return {
    async run(fn, opts = {}) {
      const renew = async () => true
      if (!opts.waitMs) {
        return locks.request(name, { ifAvailable: true }, async (lock) =>
          lock ? { acquired: true as const, value: await fn(renew) } : { acquired: false as const },
        )
      }
      try {
        return await locks.request(
          name,
          { signal: AbortSignal.timeout(opts.waitMs) },
          async () => ({
            acquired: true as const,
            value: await fn(renew),
          }),
        )
      } catch (err) {
        if (isAbortOrTimeout(err)) return { acquired: false }
        throw err
      }
    },
  }
}

export function leaseFlushLock(
  db: OfflineDatabase,
  owner: string,
  leaseMs: number,
  now: () => number = Date.now,
): FlushLock {
  // Taking and renewing are the same step: win the row unless someone else holds it unexpired.
  const takeLease = () =>
    db.transaction('rw', db.meta, async () => {
      const lease = (await db.meta.get(LEASE_KEY))?.value as LeaseValue | undefined
      if (lease && lease.owner !== owner && lease.expiresAt > now()) return false
      await db.meta.put({ key: LEASE_KEY, value: { owner, expiresAt: now() + leaseMs } })
      return true
    })

  const release = () =>
    db.transaction('rw', db.meta, async () => {
      const lease = (await db.meta.get(LEASE_KEY))?.value as LeaseValue | undefined
      if (lease?.owner === owner) await db.meta.delete(LEASE_KEY)
    })

  return {
    async run(fn, opts = {}) {
      const deadline = now() + (opts.waitMs ?? 0)
      while (!(await takeLease())) {
        if (now() >= deadline) return { acquired: false }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }
      try {
        return { acquired: true, value: await fn(takeLease) }
      } finally {
        await release()
      }
    },
  }
}

function isAbortOrTimeout(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name
  return name === 'AbortError' || name === 'TimeoutError'
}
