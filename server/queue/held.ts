// Rows `held` for something else to send them (the owner's digest, server/leads/): when that
// delivery is sent they count as sent with it, when it fails they fail with its reason.
import type { App } from '../platform/events'
import { toPbTime } from '../../src/config/dates'

// At most this many ids in one statement.
const IDS_PER_STATEMENT = 100

/** `sql` (an UPDATE without WHERE) on the rows of `ids` that are still held. */
function updateHeld(app: App, ids: string[], sql: string, params: Record<string, unknown>): void {
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    const bound: Record<string, unknown> = Object.assign({}, params)
    const names = ids.slice(i, i + IDS_PER_STATEMENT).map((id, n) => {
      bound[`id${n}`] = id
      return `{:id${n}}`
    })
    app
      .db()
      .newQuery(`${sql} WHERE status = 'held' AND id IN (${names.join(', ')})`)
      .bind(bound)
      .execute()
  }
}

/** The held rows of `ids` went out in the delivery `digestId` (their payload names it). */
export function markHeldSent(app: App, ids: string[], digestId: string, now: number): void {
  updateHeld(
    app,
    ids,
    "UPDATE deliveries SET status = 'sent', sentAt = {:now}, updated = {:now}, " +
      "payload = json_object('digest', {:digest})",
    { now: toPbTime(now), digest: digestId },
  )
}

/**
 * The held rows of `ids` failed: `reason` is their lastError as written (the caller words it,
 * e.g. "The hourly digest that listed it failed: ..."), cut to 2000 characters.
 */
export function markHeldFailed(app: App, ids: string[], reason: string, now: number): void {
  updateHeld(
    app,
    ids,
    "UPDATE deliveries SET status = 'failed', lastError = {:error}, lastErrorAt = {:now}, updated = {:now}",
    { now: toPbTime(now), error: reason.slice(0, 2000) },
  )
}
