// The address a visitor's create comes from, kept while the create runs: the per-IP caps on
// visitor mail need it, and the save (an execute hook) has no request to ask. A small module of
// its own: an audit's create hooks load it in every engine that runs them.
import type { App, RecordRequestEvent } from '../platform/events'
import { newRecordId } from '../platform/ids'

/** Where the create's client address waits in the app's store while the create runs. */
export function clientIpKey(collection: string, recordId: string): string {
  return `mail-client-ip:${collection}:${recordId}`
}

/**
 * The address a create comes from, for the daily cap on visitor mail per IP: kept in the app's
 * store under the record's id while the create runs (the save has no request), removed when it
 * ends, whatever the outcome. Batch sub-requests pass here too.
 */
export function rememberClientIp(e: RecordRequestEvent): void {
  return whileClientIpKept(e, () => e.next())
}

/** `rest` (the create's remaining chain) with the client address kept as rememberClientIp does. */
export function whileClientIpKept(e: RecordRequestEvent, rest: () => void): void {
  if (e.hasSuperuserAuth()) return rest()
  if (!e.record.id) e.record.id = newRecordId()
  const key = clientIpKey(e.collection.name, e.record.id)
  e.app.store().set(key, e.realIP())
  try {
    return rest()
  } finally {
    e.app.store().remove(key)
  }
}

/** The address kept for the create of `record` ('' for a superuser's or the server's own). */
export function keptClientIp(app: App, record: core.Record): string {
  return String(app.store().get(clientIpKey(record.collection().name, record.id)) || '')
}
