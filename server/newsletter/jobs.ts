// The newsletter's cron jobs (pb_hooks/newsletter.pb.js, newsletter-issues.pb.js): they get no
// event, so they work with $app, the one place this area names it.
import type { App } from '../platform/events'
import { runIssuesJob } from './issue-routes'
import { decideSignUpsJob, removeStalePendingJob } from './subscription-routes'

/** The app a job works with: jobs get no event. */
function jobApp(): App {
  return $app as unknown as App
}

/** newsletter_signups, every minute: decides the sign-ups waiting. */
export function decideSignUps(): void {
  decideSignUpsJob(jobApp())
}

/** newsletter_pending_cleanup, daily: deletes sign-ups never confirmed. */
export function removeStalePending(): void {
  removeStalePendingJob(jobApp())
}

/** newsletter_issues, every minute: starts scheduled sends, marks finished ones. */
export function runIssues(): void {
  runIssuesJob(jobApp())
}
