// The queue's own hooks: an admin's Retry (deliveries.pb.js) and, when the server starts, the
// claims a killed process left behind (mail.pb.js).
import type { BootstrapEvent, RecordRequestEvent } from '../platform/events'
import { isServing } from '../platform/env'
import { recoverAfterRestart } from './claim'
import { prepareRequeue } from './requeue'

/** onRecordUpdateRequest('deliveries'): a failed row set back to pending is due again. */
export function requeueOnRetry(e: RecordRequestEvent): void {
  const before = e.record.original().getString('status')
  if (before === 'failed' && e.record.getString('status') === 'pending') prepareRequeue(e.record)
  return e.next()
}

/**
 * onBootstrap: claims left by a process that was killed mid-send go back to the queue (only
 * `serve`: another command, e.g. `superuser upsert`, may run beside a live server).
 */
export function recoverClaimsAtStart(e: BootstrapEvent): void {
  e.next()
  if (!isServing()) return
  try {
    const recovered = recoverAfterRestart(e.app)
    if (recovered > 0) {
      console.log(`deliveries: ${recovered} send(s) cut off by the last stop are queued again.`)
    }
  } catch (err) {
    // A new database: the table comes with the migrations, which run after this.
    e.app.logger().warn('deliveries: nothing recovered at start', 'error', String(err))
  }
}
