// The newsletter issues' hooks and routes (the entry pb_hooks/newsletter-issues.pb.js): drafts
// autosaved from the console, test copies, the send, the schedule, results, the signed click
// redirect and the public archive. Every route is for admins and superusers unless said
// otherwise; every body is small, limited before it is read.
import type { App, RecordEvent, RecordRequestEvent, RequestEvent } from '../platform/events'
import { requireConsultant } from '../platform/auth'
import { saveInTransaction } from '../platform/transaction'
import { pathValue, jsonBody, noStore, requestedNow } from '../platform/request'
import type {
  NewsletterSettings,
  ScheduleAnswer,
  SendAnswer,
  TestCopyAnswer,
  IssueStatus,
} from './api'
import { applyEdit, editableIssue, prepareNewIssue } from './issue-drafts'
import { previewFrame } from './issue-render'
import { results } from './issue-results'
import { finishSends, queueTest, runDue, schedule, startSend } from './issue-send'
import {
  activeSubscribers,
  fieldError,
  findIssue,
  postalAddress,
  ratePerMinute,
  siteTimeZone,
} from './issues'
import { msToWallTime } from './wall-time'

/** Superusers and admins (users.isAdmin) only. */
function requireAdmin(e: RequestEvent): void {
  requireConsultant(e, 'Only the site admin can do this.')
}

// --- drafts -------------------------------------------------------------------------------------

/** A new issue from the console (through its outbox, with an id made on the device): a draft. */
export function newIssue(e: RecordRequestEvent): void {
  prepareNewIssue(e.record)
  return e.next()
}

/** An autosaved edit: refused (400 naming `issue`) once the issue is being sent. */
export function checkEdit(e: RecordRequestEvent): void {
  editableIssue(e.app, e.record.getString('issue'))
  return e.next()
}

/** The edit applied to its issue in the edit's own transaction, unless a newer one was. */
export function saveEdit(e: RecordEvent): void {
  saveInTransaction(e, (txApp) => {
    applyEdit(txApp, e.record)
  })
}

// --- the console --------------------------------------------------------------------------------

/** GET /api/newsletter/settings: active subscribers, postal address, time zone, rate, frame. */
export function settings(e: RequestEvent): void {
  requireAdmin(e)
  noStore(e)
  const address = postalAddress(e.app)
  const answer: NewsletterSettings = {
    activeSubscribers: activeSubscribers(e.app),
    postalAddress: address,
    canSend: address !== '',
    timeZone: siteTimeZone(),
    ratePerMinute: ratePerMinute(),
    now: msToWallTime(Date.now(), siteTimeZone()),
    frame: previewFrame(e.app),
  }
  return e.json(200, answer)
}

/** POST /api/newsletter/issues/{id}/test: a test copy to the signed-in admin. */
export function sendTest(e: RequestEvent): void {
  requireAdmin(e)
  noStore(e)
  const issue = findIssue(e.app, pathValue(e, 'id'))
  const to = e.auth ? e.auth.getString('email') : ''
  if (!to) throw new BadRequestError('Your account has no e-mail address to send the test to.')
  const queued = queueTest(e.app, issue, to)
  if (queued.queued === false) {
    throw new ApiError(429, `The test was not queued: ${queued.reason}.`, {})
  }
  const answer: TestCopyAnswer = { to }
  return e.json(200, answer)
}

/** POST /api/newsletter/issues/{id}/send: starts the send now. */
export function send(e: RequestEvent): void {
  requireAdmin(e)
  noStore(e)
  const recipients = startSend(e.app, pathValue(e, 'id'), Date.now())
  const answer: SendAnswer = { status: 'sending', recipients }
  return e.json(200, answer)
}

/** POST /api/newsletter/issues/{id}/schedule {at: "YYYY-MM-DDTHH:MM" | null}, the site's clock. */
export function scheduleIssue(e: RequestEvent): void {
  requireAdmin(e)
  noStore(e)
  const at = jsonBody(e).at
  if (at !== null && typeof at !== 'string') {
    throw fieldError('at', 'Give the date and time as YYYY-MM-DDTHH:MM, or null.')
  }
  const issue = findIssue(e.app, pathValue(e, 'id'))
  schedule(e.app, issue, at, Date.now())
  const answer: ScheduleAnswer = {
    status: issue.getString('status') as IssueStatus,
    scheduledAt: issue.getString('scheduledAt'),
  }
  return e.json(200, answer)
}

/** GET /api/newsletter/issues/{id}/results: progress, failures, unsubscribes, clicks. */
export function issueResults(e: RequestEvent): void {
  requireAdmin(e)
  noStore(e)
  let issue = findIssue(e.app, pathValue(e, 'id'))
  if (issue.getString('status') === 'sending') {
    finishSends(e.app, Date.now())
    issue = findIssue(e.app, issue.id)
  }
  return e.json(200, results(e.app, issue))
}

/** POST /api/newsletter/run (superusers): {now?} starts due issues, finishes sends. */
export function runIssuesNow(e: RequestEvent): void {
  const now = requestedNow(e) ?? Date.now()
  noStore(e)
  return e.json(200, runDue(e.app, now))
}

/** The sweep: scheduled issues whose time has come start; done sends become `sent`. */
export function runIssuesJob(app: App): void {
  try {
    runDue(app, Date.now())
  } catch (err) {
    app.logger().error('newsletter: issue run failed', 'error', String(err))
  }
}
