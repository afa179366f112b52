// Reading rows with SQL the database counts or groups itself (PocketBase's query builder, with
// bound parameters only: never a value pasted into the text).
import type { App } from './events'

type Params = Record<string, unknown>

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
