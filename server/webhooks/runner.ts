// Drives the delivery queue's `webhook` channel. PocketBase's cron ticks once a minute, but a
// webhook should leave within seconds and its first retry comes after 5 seconds, so the minute's
// job keeps watching: every second it looks for due webhook deliveries (one indexed query) and
// runs the channel when there are some, until the minute is nearly over. It is the only job of the
// channel, so a hung receiver costs this loop its 10 seconds and never delays the mail's job.
// One loop at a time (a mark in the app's store); a stopping server ends it at the next second.
import type { App } from '../platform/events'
import { countRows } from '../platform/sql'
import { run } from '../queue/index'
import { toPbTime } from '../../src/config/dates'

const RUNNING = 'webhooks:runner-until'
const STOPPING = 'webhooks:stopping'
const TICK_MS = 1000
// Ends before the next minute's job starts; a pass running late (a 10 s timeout) still finishes.
const LOOP_MS = 55 * 1000
const GRACE_MS = 15 * 1000

/** True when a webhook delivery is due now. */
export function hasDue(app: App, now: number): boolean {
  return (
    countRows(
      app,
      "SELECT COUNT(*) AS n FROM (SELECT 1 FROM deliveries WHERE channel = 'webhook' AND " +
        "status = 'pending' AND (runAt = '' OR runAt <= {:now}) LIMIT 1)",
      { now: toPbTime(now) },
    ) > 0
  )
}

/**
 * The minute's loop: runs the webhook channel whenever something is due, for about a minute.
 * Returns without doing anything while another loop runs.
 */
export function runForAMinute(app: App): void {
  const store = app.store()
  const started = Date.now()
  if (Number(store.get(RUNNING) || 0) > started) return
  store.set(RUNNING, started + LOOP_MS + GRACE_MS)
  try {
    while (Date.now() - started < LOOP_MS && !store.get(STOPPING)) {
      try {
        if (hasDue(app, Date.now())) run(app, { channel: 'webhook' })
      } catch (err) {
        app.logger().error('webhooks: run failed', 'error', String(err))
      }
      sleep(TICK_MS)
    }
  } finally {
    store.remove(RUNNING)
  }
}

/** The server is stopping: loops end at their next second. */
export function stop(app: App): void {
  app.store().set(STOPPING, true)
}
