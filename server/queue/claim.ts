// Claiming: ONE UPDATE ... RETURNING takes due rows for this run (stamped with the real clock),
// so overlapping runs never send a row twice; and giving back the claims of runs that died.
import type { App } from '../platform/events'
import { selectRows } from '../platform/sql'
import { toPbTime } from '../../src/config/dates'
import { ROW_COLUMNS, emptyRow, markFailed } from './finish'
import { CLASS_RANK, inClaimOrder, kindRankSql } from './order'
import { channelNames, findKind } from './registry'
import { MINUTE, STALE_CLAIM_MINUTES } from './settings'
import type { DeliveryRow } from './types'

/**
 * Claims up to `limit` due rows of the channel for this run (bulk ones only when `bulk`). With
 * `bulkRate` (a minute's bulk mail), no more than the rate leaves room for: counted in the same
 * statement from the bulk rows sent since the minute before `now` and those being sent, so two
 * senders at once cannot both take the same room (nor a run "as if" later and the dispatcher).
 */
export function claim(
  app: App,
  channel: string,
  now: number,
  limit: number,
  bulk: boolean,
  bulkRate = 0,
): DeliveryRow[] {
  const room =
    bulk && bulkRate > 0
      ? "MAX(0, MIN({:limit}, {:rate} - (SELECT COUNT(*) FROM deliveries WHERE class = 'bulk' AND " +
        "(sentAt > {:since} OR status = 'sending'))))"
      : '{:limit}'
  const rows = selectRows(
    app,
    "UPDATE deliveries SET status = 'sending', claimedAt = {:claimedAt}, updated = {:now} " +
      'WHERE id IN (SELECT id FROM deliveries ' +
      "WHERE channel = {:channel} AND status = 'pending' AND (runAt = '' OR runAt <= {:now}) " +
      (bulk ? "AND class = 'bulk' " : "AND class != 'bulk' ") +
      `ORDER BY ${CLASS_RANK}, ${kindRankSql()}, runAt, created, id LIMIT ${room}) RETURNING ${ROW_COLUMNS}`,
    // A claim is stamped with the real clock, whatever time the run acts at: a run "as if at"
    // another time must never take another run's fresh claim for a stale one.
    {
      now: toPbTime(now),
      claimedAt: toPbTime(Date.now()),
      channel,
      limit,
      rate: bulkRate,
      since: toPbTime(now - MINUTE),
    },
    emptyRow(),
  )
  // RETURNING gives no order: send in the claim's order.
  return rows.slice().sort(inClaimOrder)
}

/**
 * Claims left `sending` longer than the stale window (a run that died or an SMTP server that never
 * answered) go back to pending, counting as an attempt (the mail may have left).
 */
export function recoverClaims(app: App, channel: string, now: number, olderThanMs: number): number {
  const rows = selectRows(
    app,
    `SELECT ${ROW_COLUMNS} FROM deliveries WHERE channel = {:channel} AND status = 'sending' AND claimedAt <= {:cutoff}`,
    // 0: every claim, whatever its time (the server just started).
    { channel, cutoff: olderThanMs > 0 ? toPbTime(now - olderThanMs) : '9999' },
    emptyRow(),
  )
  let recovered = 0
  for (const row of rows) {
    const error =
      olderThanMs > 0
        ? `The send did not finish within ${STALE_CLAIM_MINUTES} minutes (no answer); it may have been delivered.`
        : 'The server stopped during this send; it may have been delivered.'
    markFailed(app, row, findKind(row.kind), error, false, now, true)
    recovered++
  }
  return recovered
}

/**
 * When the server starts: every claim is from a process that is gone (one PocketBase process
 * owns the database), so its rows go back to the queue at once.
 */
export function recoverAfterRestart(app: App): number {
  let recovered = 0
  for (const channel of channelNames()) recovered += recoverClaims(app, channel, Date.now(), 0)
  return recovered
}
