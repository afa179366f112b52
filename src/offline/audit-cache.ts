// Owns the dashboard cache: the signed-in user's audits as last fetched, with the sync time,
// so the dashboard still shows them offline.
import { useLiveQuery } from 'dexie-react-hooks'
import type { AuditRecord } from '../backend/types'
import { offlineDb, type OfflineDatabase } from './db'

export async function cacheAudits(
  userId: string,
  audits: AuditRecord[],
  db: OfflineDatabase = offlineDb(),
  now: number = Date.now(),
): Promise<void> {
  await db.cache.put({ userId, audits, syncedAt: now })
}

export function loadCachedAudits(userId: string, db: OfflineDatabase = offlineDb()) {
  return db.cache.get(userId)
}

export interface CachedAuditsState {
  audits: AuditRecord[]
  /** Epoch ms of the last successful fetch, or null if never fetched on this device. */
  syncedAt: number | null
  ready: boolean
}

export function useCachedAudits(userId: string | null | undefined): CachedAuditsState {
  const result = useLiveQuery(
    async () => ({ row: userId ? ((await loadCachedAudits(userId)) ?? null) : null }),
    [userId],
  )
  return {
    audits: result?.row?.audits ?? [],
    syncedAt: result?.row?.syncedAt ?? null,
    ready: result !== undefined,
  }
}
