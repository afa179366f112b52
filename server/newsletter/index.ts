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

export const hooks = {
  answerSignUp,
  signUpFromAudit,
  prepareNewIssue: newIssue,
  checkEdit,
  applyEdit: saveEdit,
}

export const jobs = { decideSignUps, removeStalePending, runIssues }
