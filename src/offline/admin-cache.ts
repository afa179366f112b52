// Owns the admin console's offline copy: the People list pages and the person pages the
// consultant last loaded, each with its sync time and the admin it belongs to, so the lead
// workspace still opens with no signal. Cleared with the rest of a user's data on sign-out.
// Dexie is loaded on first use, not with the console's code: the page renders without it.
import type { PersonUpdateInput } from '../backend/types'
import type { OfflineDatabase, OutboxItem } from './db'
import { watchOwnedOutbox } from './watch-owned-outbox'

async function appDb(): Promise<OfflineDatabase> {
  const { offlineDb } = await import('./db')
  return offlineDb()
}

export interface AdminCopy<T> {
  value: T
  /** Epoch ms of the load this copy came from. */
  syncedAt: number
}

export async function saveAdminCopy<T>(
  key: string,
  userId: string,
  value: T,
  db?: OfflineDatabase,
  now: number = Date.now(),
): Promise<void> {
  await (db ?? (await appDb())).adminCache.put({ key, userId, value, syncedAt: now })
}

/** The copy saved for this admin under `key`, or null. */
export async function readAdminCopy<T>(
  key: string,
  userId: string,
  db?: OfflineDatabase,
): Promise<AdminCopy<T> | null> {
  const row = await (db ?? (await appDb())).adminCache.get(key)
  if (!row || row.userId !== userId) return null
  return { value: row.value as T, syncedAt: row.syncedAt }
}

/** A note or status change still in the outbox, as the person page shows it. */
export interface PendingPersonUpdate extends PersonUpdateInput {
  id: string
  createdAt: number
  failed: boolean
}

/** The outbox's person updates of this admin (queued, sending or refused), oldest first. */
export function pendingPersonUpdates(items: OutboxItem[]): PendingPersonUpdate[] {
  return items
    .filter((item) => item.collection === 'person_updates')
    .map((item) => ({
      ...(item.payload as PersonUpdateInput),
      id: item.id,
      createdAt: item.createdAt,
      failed: item.status === 'failed',
    }))
}

/**
 * Calls `listener` with this admin's person updates in the outbox now and after every change;
 * returns a function that stops listening.
 */
export function watchPendingPersonUpdates(
  ownerId: string,
  listener: (updates: PendingPersonUpdate[]) => void,
): () => void {
  return watchOwnedOutbox(ownerId, pendingPersonUpdates, listener, 'admin: pending changes')
}

/** Queues a note or status change; it is sent at once when online, else when back. */
export async function queuePersonUpdate(update: PersonUpdateInput, adminId: string) {
  const { enqueue } = await import('./app-outbox')
  return enqueue('person_updates', update, { ownerId: adminId })
}
