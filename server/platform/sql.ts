// Reading rows with SQL the database counts or groups itself (PocketBase's query builder, with
// bound parameters only: never a value pasted into the text).
import type { App } from './events'

export type Params = Record<string, unknown>

/** The rows of a query, each with the fields (and types) of `shape`. */
export function selectRows<T extends Record<string, unknown>>(
  app: App,
  sql: string,
  params: Params,
  shape: T,
): T[] {
  const result = arrayOf(new DynamicModel(shape))
  app.db().newQuery(sql).bind(params).all(result)
  return result as unknown as T[]
}

/** The first row of a query with the fields of `shape`, or null when there is none. */
export function selectRow<T extends Record<string, unknown>>(
  app: App,
  sql: string,
  params: Params,
  shape: T,
): T | null {
  const row = new DynamicModel(shape)
  try {
    app.db().newQuery(sql).bind(params).one(row)
  } catch (err) {
    // database/sql's "no rows in result set"; any other error is a real one.
    if (/no rows/i.test(String(err))) return null
    throw err
  }
  return row as unknown as T
}

/** The number a `SELECT COUNT(*) AS n ...` query answers. */
export function countRows(app: App, sql: string, params: Params): number {
  const row = new DynamicModel({ n: 0 })
  app.db().newQuery(sql).bind(params).one(row)
  return (row as unknown as { n: number }).n
}

/** The record with `id` in `collection`, or null when there is none. */
export function findOrNull(app: App, collection: string, id: string): core.Record | null {
  if (!id) return null
  try {
    return app.findRecordById(collection, id)
  } catch {
    return null
  }
}

/**
 * Saves `fields` on the one row of a settings collection (`id` fixed), made on first save.
 * Such a collection has no API rules: its route is the only way in.
 */
export function saveSingleRow(
  app: App,
  collection: string,
  id: string,
  fields: Record<string, unknown>,
): void {
  let row = findOrNull(app, collection, id)
  if (!row) {
    row = new Record(app.findCollectionByNameOrId(collection))
    row.id = id
  }
  for (const name of Object.keys(fields)) row.set(name, fields[name])
  app.save(row)
}

/** Every record of `collection` the filter matches (no sort, no limit). */
export function recordsWhere(
  app: App,
  collection: string,
  filter: string,
  params: Record<string, unknown>,
): core.Record[] {
  return matching(app, collection, filter, params, 0)
}

/** The first record of `collection` the filter matches, or null. */
export function firstWhere(
  app: App,
  collection: string,
  filter: string,
  params: Record<string, unknown>,
): core.Record | null {
  const found = matching(app, collection, filter, params, 1)
  return found.length > 0 ? found[0] : null
}

// PocketBase's declarations type each element as possibly missing, which a search never returns.
function matching(
  app: App,
  collection: string,
  filter: string,
  params: Record<string, unknown>,
  limit: number,
): core.Record[] {
  const found: core.Record[] = []
  for (const record of app.findRecordsByFilter(collection, filter, '', limit, 0, params)) {
    if (record) found.push(record)
  }
  return found
}

/** Runs a statement that writes (bound parameters only). */
export function execute(app: App, sql: string, params: Params): void {
  app.db().newQuery(sql).bind(params).execute()
}

/** `{:p0}, {:p1}, ...` for an IN list, its values put in `params` under `prefix` + index. */
export function inList(prefix: string, values: unknown[], params: Params): string {
  return values
    .map((value, i) => {
      params[`${prefix}${i}`] = value
      return `{:${prefix}${i}}`
    })
    .join(', ')
}
