// The follow-ups' public surface: the sequence after an audit, bookings tied to a person, the
// signed links of the results and follow-up mails, and the console's routes.
import * as hookHandlers from './hooks'
import * as publicRoutes from './public-routes'
import * as routeHandlers from './routes'
import { runJob } from './scheduler'
import { every, jobKind } from '../queue/index'

export { kinds } from './kinds'
export { readToken, resultsLinks } from './links'
export type { MailLinkKind, MailLinkToken, ResultsLinks } from './links'
export { startSequence } from './sequences'
/** An audit's job starts its sequence (server/leads/). */
export const startForAudit = hookHandlers.startForAudit
/** The facts the follow-up migration reads to start sequences (pb_migrations/1764650000_followups.js). */
export { FOLLOWUP_DEFAULTS, FOLLOWUP_GRACE_DAYS } from '../../src/config/followup'

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
}

/** Scheduled work, as rows of the delivery queue's dispatcher (server/queue/jobs.ts). */
export const jobKinds = {
  /** Queues the follow-up steps that came due (each re-checks its person when sent): every 5 min. */
  'followups.queue-steps': jobKind(runJob, { repeat: every(5) }),
}
