// An endpoint's health, kept on its webhook_endpoints row from every attempt: when it last
// worked, when it started failing, the last error; failing only for
// WEBHOOK_DISABLE_AFTER_FAILING_HOURS switches it off (`failing`), and the console says so.
import type { App } from '../platform/events'
import { selectRows } from '../platform/sql'
import { toPbTime } from '../../src/config/dates'
import { WEBHOOK_DISABLE_AFTER_FAILING_HOURS } from '../../src/config/webhooks'

const HOUR = 60 * 60 * 1000

/**
 * Records the outcome of one attempt on the endpoint at the run's time `nowMs` (tests move it):
 * a success clears the failure count; a failure starts it, and an endpoint failing only for
 * WEBHOOK_DISABLE_AFTER_FAILING_HOURS is switched off (`failing`). Returns true when this failure
 * switched it off.
 */
export function recordHealth(
  app: App,
  endpointId: string,
  delivered: boolean,
  error: string,
  nowMs: number,
): boolean {
  const now = toPbTime(nowMs)
  if (delivered) {
    app
      .db()
      .newQuery(
        "UPDATE webhook_endpoints SET lastSuccessAt = {:now}, failingSince = '', updated = {:now} WHERE id = {:id}",
      )
      .bind({ now, id: endpointId })
      .execute()
    return false
  }
  const cutoff = toPbTime(nowMs - WEBHOOK_DISABLE_AFTER_FAILING_HOURS * HOUR)
  const rows = selectRows(
    app,
    'UPDATE webhook_endpoints SET lastFailureAt = {:now}, lastError = {:error}, updated = {:now}, ' +
      "failingSince = CASE WHEN failingSince = '' OR failingSince IS NULL THEN {:now} ELSE failingSince END, " +
      "enabled = CASE WHEN failingSince != '' AND failingSince <= {:cutoff} THEN 0 ELSE enabled END, " +
      "disabledReason = CASE WHEN enabled = 1 AND failingSince != '' AND failingSince <= {:cutoff} THEN 'failing' ELSE disabledReason END, " +
      "disabledAt = CASE WHEN enabled = 1 AND failingSince != '' AND failingSince <= {:cutoff} THEN {:now} ELSE disabledAt END " +
      "WHERE id = {:id} RETURNING CASE WHEN disabledReason = 'failing' AND disabledAt = {:now} THEN id ELSE '' END AS id",
    { now, cutoff, id: endpointId, error: String(error || '').slice(0, 500) },
    { id: '' },
  )
  return rows.length > 0 && rows[0].id !== ''
}
