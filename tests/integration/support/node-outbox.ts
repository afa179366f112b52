// The browser outbox, run in Node against a real PocketBase: its IndexedDB comes from
// fake-indexeddb (passed in, no globals), its SDK client points wherever the test says.
import { randomBytes } from 'node:crypto'
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import PocketBase from 'pocketbase'
import { createOfflineDatabase, type OfflineDatabase } from '../../../src/offline/db'
import type { ContactInput } from '../../../src/backend/types'
import { createOutbox, type Outbox, type OutboxOptions } from '../../../src/offline/outbox'

/** A database name of its own; two connections with the same name are two tabs. */
export function uniqueDbName(label = 'outbox'): string {
  return `it-${label}-${randomBytes(6).toString('hex')}`
}

export function nodeOfflineDb(name = uniqueDbName()): OfflineDatabase {
  return createOfflineDatabase(name, { indexedDB, IDBKeyRange })
}

export function nodeClient(url: string): PocketBase {
  const pb = new PocketBase(url)
  pb.autoCancellation(false)
  return pb
}

/** An outbox as a tab has it; Node has no Web Locks, so this uses the lease fallback. */
export function nodeOutbox(
  url: string,
  opts: Partial<OutboxOptions> & { db?: OfflineDatabase } = {},
): Outbox {
  return createOutbox({ db: opts.db ?? nodeOfflineDb(), pb: nodeClient(url), ...opts })
}

/** A marker that makes this test's rows findable among everyone else's. */
export function runMarker(label: string): string {
  return `${label}-${randomBytes(5).toString('hex')}`
}

export function contactPayload(
  marker: string,
  n: number,
  email = `visitor${n}@example.com`,
): ContactInput {
  return { name: `Visitor ${n}`, email, message: `${marker} #${n}`, source: 'portfolio_website' }
}

/** Every contacts row whose message carries the marker, read as a superuser. */
export async function contactsWithMarker(su: PocketBase, marker: string) {
  return su
    .collection('contacts')
    .getFullList({ filter: su.filter('message ~ {:m}', { m: marker }) })
}

export { waitUntil } from './wait'
