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

/** What a waiting item is, to say so once it has gone out ("Message sent"). */
export type SentKind = 'message' | 'callBack' | 'newsletter' | 'audit' | 'personUpdate'

export interface OutboxStatusSnapshot {
  /** Items not yet delivered and not failed (queued or sending). */
  pending: number
  /** The pending items' ids and kinds, oldest first. */
  pendingItems: { id: string; kind: SentKind }[]
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
  const waiting = shown.filter((i) => i.status !== 'failed')
  return {
    pending: waiting.length,
    pendingItems: waiting.map((i) => ({ id: i.id, kind: sentKind(i) })),
    failed: shown.filter((i) => i.status === 'failed'),
    lastSyncedAt: typeof last?.value === 'number' ? last.value : null,
  }
}

function sentKind(item: OutboxItem): SentKind {
  switch (item.collection) {
    case 'contacts':
      return (item.payload as { source?: string }).source === 'call_back' ? 'callBack' : 'message'
    case 'newsletter_subscriptions':
      return 'newsletter'
    case 'audits':
      return 'audit'
    default:
      return 'personUpdate'
  }
}

/**
 * Resolves once the item `id` has left the outbox ('sent': the server has it) or the server
 * refused it ('failed').
 */
export function whenSettled(
  id: string,
  db: OfflineDatabase = offlineDb(),
): Promise<'sent' | 'failed'> {
  return new Promise((resolve) => {
    const subscription = liveQuery(() => db.outbox.get(id)).subscribe({
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
