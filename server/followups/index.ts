// The follow-ups' public surface: the sequence after an audit, bookings tied to a person, the
// signed links of the results and follow-up mails, and the console's routes.
import * as hookHandlers from './hooks'
import * as publicRoutes from './public-routes'
import * as routeHandlers from './routes'
import { DUE_STEPS_JOB, planNext } from './plan'
import { runDueSteps } from './scheduler'
import { every, jobKind } from '../queue/index'

export { kinds } from './kinds'
export { readToken, resultsLinks } from './links'
export type { MailLinkKind, MailLinkToken, ResultsLinks } from './links'
export { startSequence } from './sequences'
/** An audit's job starts its sequence (server/leads/). */
export const startForAudit = hookHandlers.startForAudit
/** The facts the follow-up migration reads to start sequences (pb_migrations/1764650000_followups.js). */
export { FOLLOWUP_GRACE_DAYS } from '../../src/config/followup'
export { FOLLOWUP_DEFAULTS } from '../../src/config/followup-defaults'

/** The routes of pb_hooks/followups.pb.js. */
export const routes = {
  runScheduler: routeHandlers.run,
  recordClick: publicRoutes.click,
  stopByLink: publicRoutes.stop,
  openStopPage: publicRoutes.openStopPage,
  reportBooking: publicRoutes.reportBooking,
  getSettings: routeHandlers.getSettings,
  saveSettings: routeHandlers.putSettings,
  previewMail: routeHandlers.preview,
  sendTestMail: routeHandlers.sendTest,
  getFigures: routeHandlers.figures,
  getPersonFollowups: routeHandlers.personSequence,
  stopPersonFollowups: routeHandlers.stopPerson,
}

/** The record hooks of pb_hooks/followups.pb.js. */
export const hooks = {
  stopForMessage: hookHandlers.stopForMessage,
  stopForStatus: hookHandlers.stopForStatus,
  stopForUnsubscribe: hookHandlers.stopForUnsubscribe,
  planForVerified: hookHandlers.planForVerified,
  planForNewsletter: hookHandlers.planForNewsletter,
}

/** Scheduled work, as rows of the delivery queue's dispatcher (server/queue/jobs.ts). */
export const jobKinds = {
  /** The due steps, at the moment the next one is due (./plan.ts); it plans its next run. */
  [DUE_STEPS_JOB.name]: jobKind(runDueSteps, DUE_STEPS_JOB),
  /**
   * A safety net, hourly at :07: the job planned again from the data, in case a change that
   * brings a step forward came some way no hook sees (a restore, a sequence the migration made).
   */
  'followups.plan': jobKind((app, _row, now) => planNext(app, now), { repeat: every(60, 7) }),
}
