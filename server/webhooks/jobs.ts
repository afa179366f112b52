// The webhook area's cron jobs. They get no event, so they work with `$app` (the one place here
// that reads it).
import type { App } from '../platform/events'
import { removeOldLog } from './log'
import { runForAMinute } from './runner'

function theApp(): App {
  return $app as unknown as App
}

/**
 * The webhook channel's own job (runner.ts): each minute's run watches for due deliveries every
 * second, so events leave within seconds and the first retry comes after ~5 s.
 */
export function sendWebhooks(): void {
  runForAMinute(theApp())
}

/** The log and the events it points to are kept WEBHOOK_LOG_KEEP_DAYS (daily). */
export function cleanUpLog(): void {
  try {
    removeOldLog(theApp(), Date.now())
  } catch (err) {
    theApp().logger().error('webhooks: log cleanup failed', 'error', String(err))
  }
}
