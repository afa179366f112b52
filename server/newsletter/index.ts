// The newsletter: double opt-in sign-ups without a subscription oracle, the signed confirm and
// unsubscribe links, the signed-in user's own subscription, the consultant's export, and the
// issues (drafts, test copies, the send and its schedule, results, clicks, the public archive).
// Other areas use the links and the unsubscribe (follow-ups' stop link); PocketBase calls the
// routes, hooks and jobs from pb_hooks/newsletter.pb.js and newsletter-issues.pb.js.
import { archiveIssue, archiveList, click, sitemapXml } from './public-issue-routes'
import { confirmLink, unsubscribeLink, unsubscribePage } from './link-routes'
import {
  checkEdit,
  issueResults,
  newIssue,
  runIssuesNow,
  saveEdit,
  scheduleIssue,
  send,
  sendTest,
  settings,
} from './issue-routes'
import {
  answerSignUp,
  decideSignUpsNow,
  exportSubscribers,
  ownStatus,
  setOwnSubscription,
  signUpFromAudit,
} from './subscription-routes'
import { decideSignUps, removeStalePending, runIssues } from './jobs'
import { DECIDE_SIGNUPS_JOB } from './signups'
import { CHECK_JOB, START_JOB, checkSendsJob, startDueJob } from './issue-send'
import { every, jobKind } from '../queue/index'

export { kinds } from './kinds'
export { COLLECTION, linksFor, unsubscribeHeaders } from './links'
export { unsubscribe } from './subscriptions'

export const routes = {
  // newsletter.pb.js
  decideSignUps: decideSignUpsNow,
  confirm: confirmLink,
  unsubscribe: unsubscribeLink,
  unsubscribePage,
  ownStatus,
  setOwnSubscription,
  exportSubscribers,
  // newsletter-issues.pb.js
  settings,
  sendTest,
  send,
  schedule: scheduleIssue,
  results: issueResults,
  runIssues: runIssuesNow,
  click,
  archiveList,
  archiveIssue,
  sitemap: sitemapXml,
}

/** An audit's job queues its newsletter choice (server/leads/). */
export { signUpFromAudit }

export const hooks = {
  answerSignUp,
  prepareNewIssue: newIssue,
  checkEdit,
  applyEdit: saveEdit,
}

/** Scheduled work, as rows of the delivery queue's dispatcher (server/queue/jobs.ts). */
export const jobKinds = {
  /** The sign-ups waiting are decided: queued with each sign-up (signups.ts), run at once. */
  [DECIDE_SIGNUPS_JOB.name]: jobKind(decideSignUps, DECIDE_SIGNUPS_JOB),
  /** A sign-up whose job was lost (queued before an upgrade) is decided by this: every 15 min. */
  'newsletter.decide-signups-sweep': jobKind(decideSignUps, { repeat: every(15) }),
  /** A scheduled issue starts: queued with its schedule, at its time. */
  [START_JOB.name]: jobKind((app, _row, now) => startDueJob(app, now), START_JOB),
  /** A send's copies counted, the send finished when all are done: a minute after it starts, and
   * again each minute while copies wait. */
  [CHECK_JOB.name]: jobKind((app, _row, now) => checkSendsJob(app, now), CHECK_JOB),
  /** A sweep for an issue whose job was lost (scheduled before an upgrade): every 15 minutes. */
  'newsletter.run-issues': jobKind(runIssues, { repeat: every(15) }),
  /** Sign-ups never confirmed go after 30 days: daily at 03:17. */
  'newsletter.remove-stale-pending': jobKind(removeStalePending, { repeat: every(24 * 60, 197) }),
}
