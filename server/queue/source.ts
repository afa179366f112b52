// The record a delivery is rendered from, read when it is sent: one deleted since (an account's
// data removed, a sign-up withdrawn) fails the row at once, with its reason, never retried.
import type { App } from '../platform/events'
import { permanentError } from './errors'
import type { DeliveryRow } from './types'

/** The row's source record in `collection`; a record deleted since is a permanent failure. */
export function sourceRecordOf(app: App, collection: string, row: DeliveryRow): core.Record {
  try {
    return app.findRecordById(collection, row.sourceId)
  } catch (err) {
    if (/no rows/i.test(String(err))) {
      throw permanentError(
        `The ${collection} record ${row.sourceId} no longer exists; nothing to send.`,
      )
    }
    throw err
  }
}
