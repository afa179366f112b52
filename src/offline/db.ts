// Owns the browser's IndexedDB database (Dexie): audit drafts, the submission outbox, the
// dashboard cache, the admin console's offline copy and a small key-value table for sync
// metadata. A shipped `version(n)` is never edited: schema changes add the next version.
import { Dexie, type DexieOptions, type EntityTable, type Table } from 'dexie'

// For modules that load the database lazily and watch it (one Dexie chunk, not two).
export { liveQuery } from 'dexie'
import type { AuditRecord, OutboxCollection, OutboxPayloads } from '../backend/types'
import type { DescribedError } from '../backend/errors'

export type { OutboxCollection } from '../backend/types'
export type OutboxStatus = 'queued' | 'sending' | 'failed'

/** One submission waiting to reach PocketBase. `id` is the record id the server will get. */
export interface OutboxItem {
  id: string
  collection: OutboxCollection
  payload: OutboxPayloads[OutboxCollection]
  /** Set for items that may only be sent while this user is signed in (member audits). */
  ownerId?: string
  status: OutboxStatus
  attempts: number
  /** Epoch ms: not sent before this time (back-off). */
  nextAttemptAt: number
  /** Epoch ms: while `sending`, nobody else sends it before this time (crash recovery). */
  leaseUntil?: number
  /** Which outbox instance holds the lease. */
  claimedBy?: string
  lastError?: DescribedError
  createdAt: number
  /** Strictly increasing enqueue order (createdAt can tie within one millisecond). */
  seq: number
}

/** Audit progress, one per flow and per signed-in user ('' for a guest). */
export interface DraftRecord {
  flow: string
  userId: string
  answers: Record<string, string>
  otherTexts: Record<string, string>
  /** Which screen of the flow, e.g. 'questions' or 'teaser'. */
  step: string
  /** Index of the current section. */
  section: number
  updatedAt: number
}

/** The signed-in user's audits as last fetched from the server. */
export interface CachedAudits {
  userId: string
  audits: AuditRecord[]
  syncedAt: number
}

/** A copy of what the consultant's console last loaded (People list pages, person pages). */
export interface AdminCacheRow {
  /** e.g. `people:<filter>:<page>` or `person:<id>`. */
  key: string
  /** The signed-in admin it was loaded for: another user of this browser never sees it. */
  userId: string
  value: unknown
  syncedAt: number
}

export interface MetaRow {
  key: string
  value: unknown
}

export type OfflineDatabase = Dexie & {
  drafts: Table<DraftRecord, [string, string]>
  outbox: EntityTable<OutboxItem, 'id'>
  cache: EntityTable<CachedAudits, 'userId'>
  meta: EntityTable<MetaRow, 'key'>
  adminCache: EntityTable<AdminCacheRow, 'key'>
}

export const DEFAULT_DB_NAME = 'north-country-offline'

/**
 * Opens (lazily, on first use) an offline database. Node callers (tests, the soak script)
 * pass `indexedDB` and `IDBKeyRange` from fake-indexeddb.
 */
export function createOfflineDatabase(
  name: string = DEFAULT_DB_NAME,
  options?: Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>,
): OfflineDatabase {
  const db = new Dexie(name, options) as OfflineDatabase
  db.version(1).stores({
    drafts: '[flow+userId], userId',
    outbox: 'id, seq, status, ownerId, collection',
    cache: 'userId',
    meta: 'key',
  })
  // The lead workspace's offline copy of the People list and the person pages opened.
  db.version(2).stores({ adminCache: 'key, userId' })
  return db
}

let appDb: OfflineDatabase | undefined

/** The app-wide database of this browser profile. */
export function offlineDb(): OfflineDatabase {
  appDb ??= createOfflineDatabase()
  return appDb
}
