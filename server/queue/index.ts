// The delivery queue's public surface: the only area that writes `deliveries`
// (docs/decisions/024-one-delivery-queue.md). Everything the server sends to the outside world is
// one row, queued in the transaction of the record that caused it and sent within about a second
// of its commit (or at its run time) by the dispatcher's loop for its channel (dispatcher.ts), or
// by a flush (POST /api/mail/flush). Scheduled work is a row too: a `job` kind (jobs.ts).
//   enqueue      one row, after the kind's caps (per recipient, per IP) and its unique key;
//   enqueueMany  a fan-out fixed by one INSERT OR IGNORE ... SELECT;
//   cancel       pending rows that should not go any more;
//   run          claim due rows in class order (account, owner, visitor, followup, bulk) with
//                ONE UPDATE ... RETURNING, render, send, then record sent / retried / failed with
//                a conditional UPDATE (still the same claim), so overlapping runs never send a
//                row twice; bulk at most NEWSLETTER_RATE_PER_MINUTE, after the others;
//   health       when mail last went out, what waits, the last error and since when.
// Temporary faults are retried with exponential back-off and jitter until the row's expiresAt
// (MAIL_QUEUE_LIFETIME_HOURS, 120 by default); a permanent one fails the row at once. A claim
// left `sending` by a run that died goes back to pending when the server starts, or after
// STALE_CLAIM_MINUTES; mail goes one send at a time (wire.ts), so at most the one mail on the
// wire can then be sent twice.
// The queue knows no kind: each area registers its kinds and channels (server/main.ts).
import { recoverClaimsAtStart, requeueOnRetry } from './hooks'
import { tickSoonAfterStart } from './ticks'
import { dispatchBeside, dispatchMail, dispatchJobs, runJobNow, stopAtTerminate } from './routes'

export { registerChannel, registerKinds } from './registry'
export { amendWaiting, enqueue, enqueueMany } from './enqueue'
export { cancel, deleteForSource } from './cancel'
export { markHeldFailed, markHeldSent } from './held'
export { run } from './run'
export { recoverAfterRestart } from './claim'
export { defaultBackoffMs } from './finish'
export { health } from './health'
export { prepareRequeue } from './requeue'
export { errorText, isPermanent, permanentError } from './errors'
export { attemptError, batchChannel, runTime } from './batch-channel'
export type { AttemptError } from './batch-channel'
export { STALE_CLAIM_MINUTES, bulkRatePerMinute, visitorMailWindowHours } from './settings'
export { sourceRecordOf } from './source'
export { defineJob, enqueueJob, every, jobChannel, jobKind, planJob } from './jobs'
export type { JobSpec } from './jobs'
export { isDispatching } from './dispatcher'
export { wake } from './wake'
export type {
  CancelMatch,
  ChannelContext,
  DeliveryChannel,
  DeliveryClass,
  DeliveryHealth,
  DeliveryJob,
  DeliveryKind,
  DeliveryRow,
  EnqueueResult,
  FanOut,
  Rendered,
  RunOptions,
  RunSummary,
} from './types'

/** The record hooks and the bootstrap PocketBase calls (deliveries.pb.js, mail.pb.js). */
export const hooks = {
  /** onRecordUpdateRequest('deliveries'): an admin's Retry gets a fresh lifetime. */
  requeueOnRetry,
  /** onBootstrap: claims cut off by the last stop go back to the queue. */
  recoverClaimsAtStart,
  /** onTerminate: the dispatcher's loops end. */
  stopAtTerminate,
  /** onServe, before the cron starts: the dispatcher's first tick within 2 seconds. */
  tickSoonAfterStart,
}

/** The dispatcher's cron ticks (deliveries.pb.js): one loop per lane, each minute. */
export const jobs = { dispatchMail, dispatchJobs }

/** The queue's routes (deliveries.pb.js). */
export const routes = {
  /** POST /api/queue/dispatch (superusers): a second dispatcher loop beside the cron's. */
  dispatchBeside,
  /** POST /api/queue/jobs/{kind}/run (superusers): a scheduled job's work now. */
  runJobNow,
}
