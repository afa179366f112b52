// The newsletter's scheduled work, job kinds of the queue's dispatcher (newsletter/index.ts): they
// get no event, so they work with $app, the one place this area names it.
import type { App } from '../platform/events'
import { runIssuesJob } from './issue-routes'
import { decideSignUpsJob, removeStalePendingJob } from './subscription-routes'

/** The app a job works with: jobs get no event. */
function jobApp(): App {
  return $app as unknown as App
}

/** newsletter.decide-signups (with each sign-up) and its sweep: decides the sign-ups waiting. */
export function decideSignUps(): void {
  decideSignUpsJob(jobApp())
}

/** newsletter.remove-stale-pending, daily: deletes sign-ups never confirmed. */
export function removeStalePending(): void {
  removeStalePendingJob(jobApp())
}

/** newsletter.run-issues, every 15 minutes: the sweep behind the issues' own jobs. */
export function runIssues(): void {
  runIssuesJob(jobApp())
}
