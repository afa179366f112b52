// Live outbox status for the UI: pending count, failed items, last successful sync. Reading
// it also starts the app outbox and its sync loop (the "app start" trigger).
import { useEffect } from 'react'
import { liveQuery } from 'dexie'
import { useLiveQuery } from 'dexie-react-hooks'
import { offlineDb, type OfflineDatabase, type OutboxCollection, type OutboxItem } from './db'
import { markOutboxMaybeNonEmpty } from './outbox-hint'
import { useOnline } from './online'

/** Starts the app outbox's sync loop; loaded lazily so status readers stay light. */
function startAppOutbox() {
  void import('./app-outbox').then(({ getAppOutbox }) => getAppOutbox())
}

export interface OutboxStatusSnapshot {
  /** Items not yet delivered and not failed (queued or sending). */
  pending: number
  /** Items the server refused; they wait for the visitor to retry or discard them. */
  failed: OutboxItem[]
  /** Epoch ms of the last delivered item, or null. */
  lastSyncedAt: number | null
}

export interface OutboxStatusState extends OutboxStatusSnapshot {
  online: boolean
}

export async function readOutboxStatus(
  db: OfflineDatabase = offlineDb(),
): Promise<OutboxStatusSnapshot> {
  const [items, last] = await Promise.all([
    db.outbox.orderBy('seq').toArray(),
    db.meta.get('lastSyncedAt'),
  ])
  // Funnel statistics travel through the outbox too, but they are not the visitor's to see.
  const shown = items.filter((i) => i.collection !== 'events')
  return {
    pending: shown.filter((i) => i.status !== 'failed').length,
    failed: shown.filter((i) => i.status === 'failed'),
    lastSyncedAt: typeof last?.value === 'number' ? last.value : null,
  }
}

/** Subscribes to the app outbox's status and keeps the layout's load hint in step. */
export function watchAppOutboxStatus(listener: (status: OutboxStatusSnapshot) => void): () => void {
  startAppOutbox()
  const subscription = liveQuery(() => readOutboxStatus()).subscribe({
    next(status) {
      markOutboxMaybeNonEmpty(status.pending + status.failed.length > 0)
      listener(status)
    },
    error(err) {
      console.warn('outbox: status query failed', err)
    },
  })
  return () => subscription.unsubscribe()
}

export function useOutboxStatus(): OutboxStatusState {
  const online = useOnline()
  useEffect(startAppOutbox, [])
  const status = useLiveQuery(() => readOutboxStatus(), [])
  return {
    online,
    pending: status?.pending ?? 0,
    failed: status?.failed ?? [],
    lastSyncedAt: status?.lastSyncedAt ?? null,
  }
}

/** Items of one collection still waiting (e.g. the dashboard's unsent audits of a user). */
export function usePendingOutboxItems(
  collection: OutboxCollection,
  ownerId?: string,
): OutboxItem[] {
  return (
    useLiveQuery(
      () =>
        offlineDb()
          .outbox.orderBy('seq')
          .filter((i) => i.collection === collection && (!ownerId || i.ownerId === ownerId))
          .toArray(),
      [collection, ownerId],
    ) ?? []
  )
}
