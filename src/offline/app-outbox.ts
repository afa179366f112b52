// The outbox of this browser profile: the app database, the lazily loaded SDK client and the
// sync loop that decides when to flush, wired together once. Forms import this module on
// demand, so the home page ships neither Dexie nor the SDK until something is queued.
import type { OutboxCollection, OutboxPayloads } from '../backend/types'
import { liveQuery, offlineDb } from './db'
import { markOutboxMaybeNonEmpty } from './outbox-hint'
import { watchOutboxStatus, type OutboxStatusSnapshot } from './outbox-status-read'

export { sentSummary } from './outbox-status-read'
import { createOutbox, type EnqueueOptions, type EnqueueResult, type Outbox } from './outbox'
import { startSyncLoop, type SyncLoop } from './sync-loop'

let appOutbox: Outbox | undefined
let appSyncLoop: SyncLoop | undefined
let persistRequested = false

export function getAppOutbox(): Outbox {
  if (appOutbox) return appOutbox
  appOutbox = createOutbox({
    db: offlineDb(),
    pb: async () => {
      const { pb } = await import('../backend/client')
      // Owner-bound items wait for their owner: look again whenever someone signs in.
      pb.authStore.onChange(() => appSyncLoop?.kick())
      return pb
    },
    onEnqueued: () => {
      markOutboxMaybeNonEmpty(true)
      requestPersistentStorage()
    },
  })
  if (typeof window !== 'undefined') appSyncLoop = startSyncLoop(appOutbox)
  return appOutbox
}

/** Queues a submission and tries to send it at once. */
export function enqueue<C extends OutboxCollection>(
  collection: C,
  payload: OutboxPayloads[C],
  opts?: EnqueueOptions,
): Promise<EnqueueResult> {
  return getAppOutbox().enqueue(collection, payload, opts)
}

/** Starts the app outbox (and its sync loop) and follows what it holds (the layout's status line). */
export function watchAppOutboxStatus(listener: (status: OutboxStatusSnapshot) => void): () => void {
  getAppOutbox()
  return watchOutboxStatus(listener)
}

/**
 * Resolves once the item `id` has left the outbox ('sent': the server has it) or the server
 * refused it ('failed'). Here, in the module that queued it, so asking needs nothing more loaded.
 */
export function whenSettled(id: string): Promise<'sent' | 'failed'> {
  return new Promise((resolve) => {
    const subscription = liveQuery(() => offlineDb().outbox.get(id)).subscribe({
      next(item) {
        if (item && item.status !== 'failed') return
        subscription.unsubscribe()
        resolve(item ? 'failed' : 'sent')
      },
      error() {
        subscription.unsubscribe()
      },
    })
  })
}

export function retryOutboxItem(id: string): Promise<void> {
  return getAppOutbox().retry(id)
}

export function discardOutboxItem(id: string): Promise<void> {
  return getAppOutbox().discard(id)
}

// Asked when the first item is queued: without it the browser may evict a waiting outbox.
function requestPersistentStorage() {
  if (persistRequested) return
  persistRequested = true
  const storage = (globalThis as { navigator?: { storage?: StorageManager } }).navigator?.storage
  if (!storage?.persist) return
  void storage
    .persisted()
    .then((already) => (already ? true : storage.persist()))
    .catch(() => undefined)
}
