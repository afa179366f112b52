// Stopping deliveries: waiting rows that should not go any more become `cancelled` (unsubscribed
// since, follow-up stopped, endpoint deleted), and an account's deletion removes every row made
// from its records (they carry the address and signed links).
import type { App } from '../platform/events'
import { toPbTime } from '../../src/config/dates'
import type { CancelMatch } from './types'

/**
 * Rows waiting that match every given field become `cancelled` with the reason. Returns how
 * many.
 */
export function cancel(app: App, match: CancelMatch, reason: string): number {
  const where = ["status IN ('pending', 'held')"]
  const params: Record<string, unknown> = {
    reason: String(reason || 'Cancelled.').slice(0, 2000),
    now: toPbTime(Date.now()),
  }
  if (match.kind) {
    where.push('kind = {:kind}')
    params.kind = match.kind
  }
  if (match.recipient) {
    where.push('recipient = {:recipient}')
    params.recipient = String(match.recipient).trim().toLowerCase()
  }
  if (match.sourceId) {
    where.push('sourceId = {:sourceId}')
    params.sourceId = match.sourceId
  }
  if (match.uniqueKeyPrefix) {
    where.push('substr(uniqueKey, 1, length({:prefix})) = {:prefix}')
    params.prefix = match.uniqueKeyPrefix
  }
  if (where.length === 1) throw new Error('deliveries.cancel: say what to cancel')
  const result = app
    .db()
    .newQuery(
      "UPDATE deliveries SET status = 'cancelled', lastError = {:reason}, claimedAt = '', updated = {:now} " +
        `WHERE ${where.join(' AND ')}`,
    )
    .bind(params)
    .execute()
  return result.rowsAffected()
}

/**
 * Deletes every delivery made from the record `sourceId`, whatever its status (account
 * deletion, inside its transaction). Returns how many.
 */
export function deleteForSource(app: App, sourceId: string): number {
  // '' would match every row made from no record.
  if (!sourceId) return 0
  let deleted = 0
  for (const row of app.findRecordsByFilter('deliveries', 'sourceId = {:id}', '', 0, 0, {
    id: sourceId,
  })) {
    if (!row) continue
    app.delete(row)
    deleted++
  }
  return deleted
}
