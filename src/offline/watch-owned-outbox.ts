// Watching one user's waiting items in the outbox (the console's notes and status changes, the
// newsletter drafts): Dexie loads on first use, the listener hears the items now and after every
// change, and the returned function stops it (also before Dexie has loaded).
import type { OutboxItem } from './db'

/**
 * Calls `listener` with `select` of the items `ownerId` has in the outbox, in queue order, now and
 * after every change; returns a function that stops listening. `what` names them in a warning.
 */
export function watchOwnedOutbox<T>(
  ownerId: string,
  select: (items: OutboxItem[]) => T,
  listener: (value: T) => void,
  what: string,
): () => void {
  let stopped = false
  let stop = () => {}
  void import('./db').then(({ liveQuery, offlineDb }) => {
    if (stopped) return
    const db = offlineDb()
    const subscription = liveQuery(() =>
      db.outbox.where('ownerId').equals(ownerId).sortBy('seq'),
    ).subscribe({
      next: (items) => listener(select(items)),
      error: (err) => console.warn(`${what} could not be read`, err),
    })
    stop = () => subscription.unsubscribe()
  })
  return () => {
    stopped = true
    stop()
  }
}
