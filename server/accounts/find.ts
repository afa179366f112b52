// Reading the records a filter matches, as plain lists (PocketBase's declarations type each
// element as possibly missing, which a record search never returns).
import type { App } from '../platform/events'

/** Every record of `collection` the filter matches (no sort, no limit). */
export function recordsWhere(
  app: App,
  collection: string,
  filter: string,
  params: Record<string, string>,
): core.Record[] {
  return firstRecords(app, collection, filter, params, 0)
}

/** The first record the filter matches, or null. */
export function firstWhere(
  app: App,
  collection: string,
  filter: string,
  params: Record<string, string>,
): core.Record | null {
  const found = firstRecords(app, collection, filter, params, 1)
  return found.length > 0 ? found[0] : null
}

function firstRecords(
  app: App,
  collection: string,
  filter: string,
  params: Record<string, string>,
  limit: number,
): core.Record[] {
  const found: core.Record[] = []
  for (const record of app.findRecordsByFilter(collection, filter, '', limit, 0, params)) {
    if (record) found.push(record)
  }
  return found
}
