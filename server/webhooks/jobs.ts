// The webhook area's scheduled work (a job kind of the queue's dispatcher). It gets no event, so
// it works with `$app` (the one place here that reads it).
import type { App } from '../platform/events'
import { removeOldLog } from './log'

function theApp(): App {
  return $app as unknown as App
}

/** The log and the events it points to are kept WEBHOOK_LOG_KEEP_DAYS (daily). */
export function cleanUpLog(): void {
  try {
    removeOldLog(theApp(), Date.now())
  } catch (err) {
    theApp().logger().error('webhooks: log cleanup failed', 'error', String(err))
  }
}
