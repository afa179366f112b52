// Keeps an app update from reloading a tab in the middle of an outbox flush. The outbox lets
// one tab at a time flush under a Web Lock (flushLockName in src/offline/flush-lock.ts); holding
// the same lock means no flush runs anywhere meanwhile.
// Loaded only when the visitor presses Reload, so the home page never pays for it.
import { DEFAULT_DB_NAME } from '../../offline/db'
import { flushLockName } from '../../offline/flush-lock'

/** The outbox's flush lock for the app database. */
export const OUTBOX_FLUSH_LOCK = flushLockName(DEFAULT_DB_NAME)

function locks(): LockManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.locks
}

/** True while some tab holds the flush lock. */
export async function isOutboxFlushing(): Promise<boolean> {
  const manager = locks()
  if (!manager) return false
  const { held = [] } = await manager.query()
  return held.some((lock) => lock.name === OUTBOX_FLUSH_LOCK)
}

/**
 * Runs `fn` once no flush is in progress, holding the flush lock so none starts before `fn`
 * settles. Without Web Locks (very old browsers) the outbox uses a lease that survives a
 * reload anyway, so `fn` just runs.
 */
export async function whileOutboxIdle(fn: () => Promise<void>): Promise<void> {
  const manager = locks()
  if (!manager) return fn()
  await manager.request(OUTBOX_FLUSH_LOCK, fn)
}
