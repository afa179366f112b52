// Live outbox status for the UI: pending count, failed items, last successful sync. Reading
// it also starts the app outbox and its sync loop (the "app start" trigger).
import { useEffect } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { offlineDb, type OutboxCollection, type OutboxItem } from './db'
import { readOutboxStatus, type OutboxStatusSnapshot } from './outbox-status-read'
import { useOnline } from './online'

export { readOutboxStatus }
export type { OutboxStatusSnapshot, SentKind } from './outbox-status-read'

/** Starts the app outbox's sync loop; loaded lazily so status readers stay light. */
function startAppOutbox() {
  void import('./app-outbox').then(({ getAppOutbox }) => getAppOutbox())
}

export interface OutboxStatusState extends OutboxStatusSnapshot {
  online: boolean
}

export function useOutboxStatus(): OutboxStatusState {
  const online = useOnline()
  useEffect(startAppOutbox, [])
  const status = useLiveQuery(() => readOutboxStatus(), [])
  return {
    online,
    pending: status?.pending ?? 0,
    pendingItems: status?.pendingItems ?? [],
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
