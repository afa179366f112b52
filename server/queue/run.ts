// One run of a channel's sender (a pass of the dispatcher, or POST /api/mail/flush): give back
// stale claims, then claim due rows in class order and send them until none is due, the run's
// budget is spent, or bulk mail has used its rate for the minute. A channel that cannot send
// (no SMTP configured) defers every due row in ONE statement instead.
import type { App } from '../platform/events'
import { countRows } from '../platform/sql'
import { toPbTime } from '../../src/config/dates'
import { claim, recoverClaims } from './claim'
import { deliver, deliverBatch, giveBack } from './deliver'
import { channelOf } from './registry'
import {
  BATCH_SIZE,
  MAX_PER_RUN,
  MINUTE,
  NOT_CONFIGURED,
  RUN_TIME_BUDGET_MS,
  STALE_CLAIM_MINUTES,
  bulkRatePerMinute,
} from './settings'
import type { RunOptions, RunSummary } from './types'

/**
 * The channel cannot send (no SMTP configured): every due row counts one attempt with the reason
 * and backs off as from any fault (failing once past its lifetime), in ONE statement - a run
 * without SMTP stays as cheap as one UPDATE however much mail waits. Returns the rows touched.
 */
function deferAll(app: App, channel: string, now: number, reason: string): number {
  // 1, 2, 4 ... minutes up to an hour after the n-th attempt, each between half and all of it.
  const wait =
    "'+' || CAST(MIN(60, 1 << MIN(attempts, 6)) * 60 * (0.5 + ABS(RANDOM() % 1000) / 2000.0) AS INTEGER) || ' seconds'"
  const next = `strftime('%Y-%m-%d %H:%M:%fZ', {:now}, ${wait})`
  // Expired when even the shortest wait would end after the row's lifetime.
  const expired =
    "expiresAt != '' AND strftime('%Y-%m-%d %H:%M:%fZ', {:now}, '+' || (MIN(60, 1 << MIN(attempts, 6)) * 30) || ' seconds') > expiresAt"
  return app
    .db()
    .newQuery(
      'UPDATE deliveries SET attempts = attempts + 1, lastErrorAt = {:now}, updated = {:now}, ' +
        `lastError = CASE WHEN ${expired} THEN 'Gave up after ' || (attempts + 1) || ' attempts: ' || {:error} ELSE {:error} END, ` +
        `status = CASE WHEN ${expired} THEN 'failed' ELSE 'pending' END, ` +
        `runAt = CASE WHEN ${expired} THEN runAt ELSE ${next} END ` +
        "WHERE channel = {:channel} AND status = 'pending' AND (runAt = '' OR runAt <= {:now})",
    )
    .bind({ now: toPbTime(now), channel, error: `${NOT_CONFIGURED}${reason}`.slice(0, 2000) })
    .execute()
    .rowsAffected()
}

/** Rows of the channel still to go (queued or being sent). */
function pendingCount(app: App, channel: string): number {
  return countRows(
    app,
    "SELECT COUNT(*) AS n FROM deliveries WHERE channel = {:channel} AND status IN ('pending', 'sending')",
    { channel },
  )
}

/**
 * One pass of the sender for a channel (default mail), as if at `now` (ms; default the clock).
 * Returns { channel, configured, smtpConfigured, sent, failed, retried, held, cancelled,
 * recovered, pending }.
 */
export function run(app: App, options?: RunOptions): RunSummary {
  const channelName = (options && options.channel) || 'mail'
  const fixedNow =
    options && typeof options.now === 'number' && isFinite(options.now) ? options.now : null
  const clock = () => (fixedNow === null ? Date.now() : fixedNow)
  const channel = channelOf(channelName)
  const context = channel.prepare(app)
  // The run's time, for channels that keep their own clocks (a webhook endpoint's failures).
  context.now = clock
  const summary: RunSummary = {
    channel: channelName,
    configured: context.configured,
    smtpConfigured: channelName === 'mail' ? context.configured : false,
    sent: 0,
    failed: 0,
    retried: 0,
    held: 0,
    cancelled: 0,
    recovered: 0,
    pending: 0,
  }
  if (!context.configured && context.reason) summary.configError = context.reason
  const started = Date.now()
  // Stale by the real clock (claims are stamped with it), whatever time the run acts at.
  summary.recovered = recoverClaims(app, channelName, Date.now(), STALE_CLAIM_MINUTES * MINUTE)
  if (context.configured) {
    // Waiting only because the channel was not configured: due now that it is.
    app
      .db()
      .newQuery(
        "UPDATE deliveries SET runAt = {:now} WHERE channel = {:channel} AND status = 'pending' AND " +
          `substr(lastError, 1, ${NOT_CONFIGURED.length}) = {:marker} AND runAt > {:now}`,
      )
      .bind({ now: toPbTime(clock()), channel: channelName, marker: NOT_CONFIGURED })
      .execute()
  }
  if (!context.configured) {
    summary.retried = deferAll(app, channelName, clock(), context.reason || 'not configured')
    summary.pending = pendingCount(app, channelName)
    return summary
  }
  const budgetMs = (options && options.budgetMs) || RUN_TIME_BUDGET_MS
  const rate = channelName === 'mail' ? bulkRatePerMinute() : 0
  let handled = 0
  while (handled < MAX_PER_RUN && Date.now() - started < budgetMs) {
    const now = clock()
    let batch = claim(app, channelName, now, BATCH_SIZE, false)
    if (batch.length === 0) {
      // Bulk only when every other class is done, and within its rate over the last minute.
      batch = claim(app, channelName, now, BATCH_SIZE, true, rate)
    }
    if (batch.length === 0) break
    if (channel.sendBatch) {
      handled += batch.length
      deliverBatch(app, channel, context, batch, clock, summary)
    } else {
      for (let i = 0; i < batch.length; i++) {
        handled++
        if (deliver(app, channel, context, batch[i], clock(), summary)) continue
        // The wire is held by a send that hangs: the rest go back too, and the run ends.
        for (const rest of batch.slice(i + 1)) giveBack(app, rest)
        summary.pending = pendingCount(app, channelName)
        return summary
      }
    }
  }
  summary.pending = pendingCount(app, channelName)
  return summary
}
