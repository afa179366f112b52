// The one dispatcher: everything the server does later - mail, webhooks, follow-up steps,
// newsletter sends, sign-up decisions, the owner's digest, clean-ups - is a row with a run time
// in `deliveries`, and this loop picks what is due. PocketBase's cron can only tick once a
// minute, so each tick starts a loop per lane (a channel: mail, webhook, job) that lasts until
// just before the next tick and, between passes, waits in short naps: it looks for due rows at
// once when something was queued for its channel (enqueue leaves a mark in the app's store) and
// at least every second otherwise. A pass runs the channel for a few seconds at most, so bulk
// mail never keeps the loop from a reset link queued meanwhile (claims take the highest class
// first). Lanes run apart, so a webhook receiver that hangs never delays mail.
// One loop per lane (a mark in the store); POST /api/queue/dispatch can start another beside it
// (claims are atomic; the mail wire lets one send through at a time). A stopping server ends
// every loop within a nap.
import type { App } from '../platform/events'
import { envText } from '../platform/env'
import { countRows } from '../platform/sql'
import { toPbTime } from '../../src/config/dates'
import { ensureRecurring } from './jobs'
import { holdUntil, releaseHold, takeHold } from './holds'
import { run } from './run'
import { wakeMark } from './wake'
import type { RunSummary } from './types'

const RUNNING = 'queue:dispatcher:'
const STOPPING = 'queue:stopping'
const LAST_LOOP = 'queue:dispatcher-ended:'
// Which channels a running loop serves (its hold), for the health answer.
const SERVED = 'queue:dispatcher-serves:'
const NAP_MS = 50
const POLL_MS = 1000
const EAGER_MS = 1500
const EAGER_POLL_MS = 150
// A pass stops claiming after this long, so the lane looks at what is due again.
const PASS_MS = 3000
// The loop ends this long before the minute's end; the next tick's loop takes over.
const END_BEFORE_TICK_MS = 400
// A loop's hold on its lane outlasts its end by this much (a pass running late; a loop whose
// engine died gives the lane up then).
const HOLD_GRACE_MS = 30 * 1000

/**
 * QUEUE_DISPATCH=manual: the loops do not run, and queued work waits for a run endpoint (a flush)
 * - like a job queue's manual testing mode, for tests that move time themselves, or to hold all
 * sending for a while. Anything else (unset): the dispatcher runs.
 */
export function isManual(): boolean {
  return envText('QUEUE_DISPATCH').toLowerCase() === 'manual'
}

/** True when a row of the channel is due now. */
export function hasDue(app: App, channel: string, now: number): boolean {
  return (
    countRows(
      app,
      'SELECT COUNT(*) AS n FROM (SELECT 1 FROM deliveries WHERE channel = {:channel} AND ' +
        "status = 'pending' AND (runAt = '' OR runAt <= {:now}) LIMIT 1)",
      { channel, now: toPbTime(now) },
    ) > 0
  )
}

/** Rows a pass did something with. */
function worked(summary: RunSummary): number {
  return summary.sent + summary.failed + summary.retried + summary.held + summary.cancelled
}

/** The start of the minute after `time`. */
function nextMinute(time: number): number {
  return Math.floor(time / 60000) * 60000 + 60000
}

/** What `dispatch` is asked for. */
export interface DispatchOptions {
  /** Run until this time (ms); default just before the next minute's tick. */
  until?: number
  /** Run even while another loop holds the lane (a second dispatcher, for tests and drills). */
  beside?: boolean
}

/**
 * One lane's loop: runs each of `channels` whenever something of it is due, until `until`.
 * Returns at once while another loop holds the lane (unless `beside`). Returns the total work.
 */
export function dispatch(app: App, channels: string[], options?: DispatchOptions): number {
  const store = app.store()
  const lane = channels.join('+')
  const until = (options && options.until) || nextMinute(Date.now()) - END_BEFORE_TICK_MS
  const beside = !!(options && options.beside)
  // Manual: the queue moves only when a run endpoint is called (tests that move time themselves).
  if (!beside && isManual()) return 0
  const holder = String(Math.random())
  // The last minute's loop may still finish a pass: wait for it to leave the lane.
  while (!beside && !takeHold(app, RUNNING + lane, holder, until + HOLD_GRACE_MS)) {
    if (Date.now() >= until || store.get(STOPPING)) return 0
    sleep(NAP_MS)
  }
  if (!beside) {
    for (const channel of channels)
      store.set(SERVED + channel, `${until + HOLD_GRACE_MS}|${holder}`)
  }
  let total = 0
  try {
    const started = Date.now()
    // The lane with the jobs keeps the recurring jobs' next rows. The other lanes load no kind
    // until something of theirs is due.
    if (channels.indexOf('job') >= 0) ensureRecurring(app, started)
    const looks = channels.map((channel) => ({
      channel,
      mark: wakeMark(app, channel),
      last: 0,
      // After a mark, look often for a moment: the row may wait for its transaction to commit.
      eagerUntil: 0,
    }))
    while (Date.now() < until && !store.get(STOPPING)) {
      let done = 0
      for (const look of looks) {
        const now = Date.now()
        const mark = wakeMark(app, look.channel)
        if (mark !== look.mark) look.eagerUntil = now + EAGER_MS
        const every = now < look.eagerUntil ? EAGER_POLL_MS : POLL_MS
        if (mark === look.mark && now - look.last < every) continue
        look.mark = mark
        look.last = now
        const worked = pass(app, look.channel, now)
        // Work was done: look again at once (more may be due).
        if (worked > 0) look.last = 0
        done += worked
      }
      total += done
      if (done === 0) sleep(NAP_MS)
    }
  } finally {
    if (!beside) {
      releaseHold(app, RUNNING + lane, holder)
      for (const channel of channels) {
        store.remove(SERVED + channel)
        store.set(LAST_LOOP + channel, Date.now())
      }
    }
  }
  return total
}

/** One look at a channel: runs it for a few seconds when something is due. */
function pass(app: App, channel: string, now: number): number {
  try {
    if (!hasDue(app, channel, now)) return 0
    const done = worked(run(app, { channel, budgetMs: PASS_MS }))
    if (done > 0 && channel === 'job') ensureRecurring(app, Date.now())
    return done
  } catch (err) {
    app.logger().error('queue: dispatcher pass failed', 'channel', channel, 'error', String(err))
    return 0
  }
}

/** The server is stopping: every loop ends within a nap. */
export function stopDispatching(app: App): void {
  app.store().set(STOPPING, true)
}

/** True while a lane's loop runs (the health answer shows it). */
export function isDispatching(app: App, channel: string): boolean {
  const store = app.store()
  const now = Date.now()
  // Between two ticks' loops the lane is free for a moment: still dispatching.
  return (
    holdUntil(app, SERVED + channel) > now ||
    now - Number(store.get(LAST_LOOP + channel) || 0) < 5000
  )
}
