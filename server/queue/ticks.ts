// PocketBase's cron ticks once a minute, the first time at the first full minute after the server
// starts: left alone, the dispatcher's loops (and so every mail and job) would wait up to a minute
// after each start. So the server starts with a tick every 2 seconds (set before the cron starts:
// PocketBase starts it in its own onServe handler, after ours), and the dispatcher's first tick
// puts it back to a minute, once. PocketBase's own minute-grained jobs (log and OTP clean-ups,
// backups) never see the short ticks except in that first moment, as they would at any start.
import type { App } from '../platform/events'

const NS_PER_SECOND = 1e9
const START_TICK_NS = 2 * NS_PER_SECOND
const MINUTE_TICK_NS = 60 * NS_PER_SECOND
const BACK_TO_MINUTES = 'queue:cron-back-to-minutes'

/** onServe (before PocketBase starts the cron): the first tick within 2 seconds. */
export function tickSoonAfterStart(e: core.ServeEvent): void {
  e.app.cron().setInterval(START_TICK_NS as unknown as time.Duration)
  return e.next()
}

/** The dispatcher's first tick: once a minute again (once per process). */
export function backToMinuteTicks(app: App): void {
  let first = false
  app.store().setFunc(BACK_TO_MINUTES, (old: unknown) => {
    if (old) return old
    first = true
    return 'yes'
  })
  if (first) app.cron().setInterval(MINUTE_TICK_NS as unknown as time.Duration)
}
