// How an attempt ends, written with a conditional UPDATE (still the same claim: a run that lost
// its claim writes nothing): sent, or failed and retried after the kind's back-off with jitter
// until the row's expiresAt, or failed for good (permanent, or past its lifetime).
import type { App } from '../platform/events'
import { parseJson } from '../platform/json'
import { parsePbTime, toPbTime } from '../../src/config/dates'
import { errorText } from './errors'
import { ERROR_LOG_LAST, HOUR, MAX_BACKOFF_MS, MINUTE } from './settings'
import type { DeliveryKind, DeliveryRow } from './types'

/** The columns of a claimed row (DeliveryRow), JSON columns as text. */
export const ROW_COLUMNS =
  "id, kind, channel, class, recipient, sourceId, IFNULL(payload, '') AS payload, subject, html, text, " +
  "IFNULL(headers, '') AS headers, replyTo, attempts, runAt, claimedAt, expiresAt, " +
  "IFNULL(errorLog, '') AS errorLog, clientIp, created"

/** The shape rows are read into (selectRows; an object type, not the DeliveryRow interface). */
export function emptyRow() {
  return {
    id: '',
    kind: '',
    channel: '',
    class: '',
    recipient: '',
    sourceId: '',
    payload: '',
    subject: '',
    html: '',
    text: '',
    headers: '',
    replyTo: '',
    attempts: 0,
    runAt: '',
    claimedAt: '',
    expiresAt: '',
    errorLog: '',
    clientIp: '',
    created: '',
  } satisfies DeliveryRow
}

/** What a failed attempt led to (a RunSummary counter). */
export type FailOutcome = 'failed' | 'retried'

/** The row's error log with this attempt: the first entry and the last few. */
function withLogEntry(row: DeliveryRow, now: number, error: string, permanent: boolean): string {
  const log = parseJson(row.errorLog)
  const entries: unknown[] = Array.isArray(log) ? log : []
  entries.push({
    at: toPbTime(now),
    attempt: row.attempts + 1,
    error: error.slice(0, 300),
    permanent,
  })
  const kept =
    entries.length > ERROR_LOG_LAST + 1
      ? [entries[0]].concat(entries.slice(-ERROR_LOG_LAST))
      : entries
  return JSON.stringify(kept)
}

/**
 * Wait after the n-th failed attempt: 1, 2, 4, ... minutes up to an hour, each between half and
 * all of that (equal jitter, so a crowd of retries spreads out).
 */
export function defaultBackoffMs(attempt: number): number {
  const full = Math.min(MAX_BACKOFF_MS, MINUTE * Math.pow(2, Math.max(0, attempt - 1)))
  return Math.round(full / 2 + Math.random() * (full / 2))
}

/**
 * `sql` (an UPDATE without WHERE) on the row, only while this run's claim on it holds. Returns
 * the rows changed (0: the claim was lost).
 */
export function finish(
  app: App,
  sql: string,
  params: Record<string, unknown>,
  row: DeliveryRow,
): number {
  return app
    .db()
    .newQuery(`${sql} WHERE id = {:id} AND status = 'sending' AND claimedAt = {:claimedAt}`)
    .bind(Object.assign({ id: row.id, claimedAt: row.claimedAt }, params))
    .execute()
    .rowsAffected()
}

export function markSent(app: App, row: DeliveryRow, now: number): number {
  return finish(
    app,
    "UPDATE deliveries SET status = 'sent', sentAt = {:now}, attempts = attempts + 1, lastError = '', claimedAt = '', updated = {:now}",
    { now: toPbTime(now) },
    row,
  )
}

/**
 * A failed attempt: retried after the kind's back-off while that is before the row expires,
 * else (or when permanent) failed. `again`: due again at once (the attempt itself was the long
 * wait).
 */
export function markFailed(
  app: App,
  row: DeliveryRow,
  kind: DeliveryKind | null,
  error: string,
  permanent: boolean,
  now: number,
  again = false,
): FailOutcome {
  const attempts = row.attempts + 1
  const backoff = again
    ? 0
    : kind && kind.backoffMs
      ? kind.backoffMs(attempts)
      : defaultBackoffMs(attempts)
  const next = now + backoff
  const expires = parsePbTime(row.expiresAt)
  const final = permanent || (isFinite(expires) && next > expires)
  const reason =
    final && !permanent
      ? `Gave up after ${attempts} attempt${attempts === 1 ? '' : 's'} over ${Math.round((now - parsePbTime(row.created)) / HOUR)} h: ${error}`
      : error
  finish(
    app,
    'UPDATE deliveries SET status = {:status}, attempts = attempts + 1, lastError = {:error}, lastErrorAt = {:now}, ' +
      "errorLog = {:log}, claimedAt = '', runAt = {:next}, updated = {:now}",
    {
      status: final ? 'failed' : 'pending',
      error: reason.slice(0, 2000),
      now: toPbTime(now),
      log: withLogEntry(row, now, error, permanent),
      next: final ? row.runAt : toPbTime(next),
    },
    row,
  )
  if (final && kind && kind.afterFailed) {
    try {
      kind.afterFailed(app, row, reason, now)
    } catch (err) {
      app.logger().error('deliveries: afterFailed failed', 'id', row.id, 'error', errorText(err))
    }
  }
  return final ? 'failed' : 'retried'
}
