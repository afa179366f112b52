// An issue's way out: its schedule, the send (the body rendered once, the recipients fixed by one
// statement in the same transaction as the status), the consultant's test copy, the copies an
// unsubscribe skips, and the queue's jobs that start a scheduled issue at its time and finish a
// send once its copies are done.
import { cancel, defineJob, enqueue, enqueueJob, enqueueMany } from '../queue/index'
import type { EnqueueResult } from '../queue/index'
import type { App } from '../platform/events'
import { toPbTime } from '../../src/config/dates'
import { slugify } from '../../src/content/markdown'
import type { IssuesRunAnswer } from './api'
import { renderSnapshot } from './issue-render'
import { deliveryCounts } from './issue-results'
import {
  ISSUES,
  KIND,
  TEST_KIND,
  conflict,
  fieldError,
  findIssue,
  siteTimeZone,
  whyNotSendable,
} from './issues'
import { wallTimeToMs } from './wall-time'

// --- scheduling ---------------------------------------------------------------------------------

/** The queue's job that starts the scheduled issues whose time has come (queued with the schedule). */
export const START_JOB = defineJob('newsletter.start-issue')
/** The queue's job that counts a send's copies and finishes it when all are done (every minute). */
export const CHECK_JOB = defineJob('newsletter.check-send')
const CHECK_EVERY_MS = 60 * 1000

/** The next check of a send, a minute from `nowMs` (once per issue and time). */
function queueCheck(app: App, issueId: string, nowMs: number): void {
  const runAt = nowMs + CHECK_EVERY_MS
  // No sourceId: the issue's deliveries are its copies; the job's key names the issue.
  enqueueJob(app, CHECK_JOB, { key: `${issueId}@${toPbTime(runAt)}`, runAt })
}

/**
 * Schedules the issue for `at` (the consultant's wall time) or, with at === null, makes it a
 * draft again. Refused (400 naming `at`) for a time in the past or an unsendable issue.
 */
export function schedule(
  app: App,
  issue: core.Record,
  at: string | null,
  nowMs: number,
): core.Record {
  const status = issue.getString('status')
  if (status !== 'draft' && status !== 'scheduled') {
    throw conflict('This issue is already being sent or was sent.')
  }
  if (at === null) {
    issue.set('status', 'draft')
    issue.set('scheduledAt', '')
    issue.set('lastError', '')
    app.save(issue)
    return issue
  }
  const ms = wallTimeToMs(at, siteTimeZone())
  if (!isFinite(ms)) {
    throw fieldError('at', 'Give the date and time as YYYY-MM-DDTHH:MM.')
  }
  if (ms <= nowMs) throw fieldError('at', 'That time has passed. Pick a time in the future.')
  const problem = whyNotSendable(app, issue)
  if (problem) throw fieldError('issue', problem, 'validation_not_sendable')
  issue.set('status', 'scheduled')
  issue.set('scheduledAt', toPbTime(ms))
  issue.set('lastError', '')
  app.save(issue)
  // Its start is a row of the queue at its time; a later change of time or a return to draft
  // leaves that row to find nothing due.
  enqueueJob(app, START_JOB, { key: `${issue.id}@${toPbTime(ms)}`, runAt: ms })
  return issue
}

// --- sending ------------------------------------------------------------------------------------

/** A slug from the subject that no other issue has (`tips`, `tips-2`, ...). */
function uniqueSlug(app: App, issue: core.Record): string {
  const base = slugify(issue.getString('subject'))
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 75)}-${n}`
    const taken = app.findRecordsByFilter(ISSUES, 'slug = {:slug} && id != {:id}', '', 1, 0, {
      slug,
      id: issue.id,
    })
    if (taken.length === 0) return slug
  }
  return `${base.slice(0, 60)}-${issue.id}`
}

/**
 * Starts the send: renders the body once, gives the issue its slug, and in ONE transaction marks
 * it `sending` and queues one copy per active subscription (fixed by one INSERT ... SELECT; the
 * unique key per issue and subscription means a repeat queues nothing). Returns the number of
 * recipients. Throws a 400 for an unsendable issue and a 409 for one already sent.
 */
export function startSend(app: App, issueId: string, nowMs: number): number {
  const before = findIssue(app, issueId)
  const problem = whyNotSendable(app, before)
  if (problem) throw fieldError('issue', problem, 'validation_not_sendable')
  let snapshot = renderSnapshot(app, before)
  let recipients = 0
  app.runInTransaction((txApp) => {
    const issue = findIssue(txApp, issueId)
    const status = issue.getString('status')
    if (status !== 'draft' && status !== 'scheduled') {
      throw conflict('This issue is already being sent or was sent.')
    }
    // An edit saved after the render above: render what is saved now.
    if (issue.getString('body') !== before.getString('body')) {
      snapshot = renderSnapshot(txApp, issue)
    }
    issue.set('slug', uniqueSlug(txApp, issue))
    issue.set('pageHtml', snapshot.pageHtml)
    issue.set('mailHtml', snapshot.mailHtml)
    issue.set('mailText', snapshot.mailText)
    issue.set('status', 'sending')
    issue.set('startedAt', toPbTime(nowMs))
    issue.set('lastError', '')
    txApp.save(issue)
    recipients = queueCopies(txApp, issue)
    issue.set('recipients', recipients)
    txApp.save(issue)
    queueCheck(txApp, issue.id, nowMs)
  })
  return recipients
}

/**
 * One delivery per active subscription, in one statement; the unique key per issue and
 * subscription makes a repeat queue nothing. Returns how many were queued.
 */
function queueCopies(app: App, issue: core.Record): number {
  return enqueueMany(app, {
    kind: KIND,
    select:
      "SELECT email AS recipient, {:issue} AS sourceId, {:prefix} || id AS uniqueKey, json_object('subscription', id) AS payload " +
      "FROM newsletter_subscriptions WHERE status = 'active'",
    params: { issue: issue.id, prefix: `${KIND}:${issue.id}:` },
  })
}

/**
 * Queues a test copy of the issue as it stands to `to` (the admin's own address): sent within a
 * minute, before any bulk mail.
 */
export function queueTest(app: App, issue: core.Record, to: string): EnqueueResult {
  return enqueue(app, { kind: TEST_KIND, recipient: to, sourceId: issue.id })
}

/**
 * An address that just unsubscribed gets no copy still waiting for it (renderCopy would skip
 * it at send time anyway; this shows it in the results at once). Never throws.
 */
export function skipWaitingCopies(app: App, email: string): void {
  try {
    cancel(app, { kind: KIND, recipient: email }, 'Unsubscribed after the send started.')
  } catch (err) {
    app.logger().warn('newsletter: waiting copies not skipped', 'error', String(err))
  }
}

/** Sends whose every delivery is finished become `sent`, with their final counts. */
export function finishSends(app: App, nowMs: number): number {
  const sending = app.findRecordsByFilter(ISSUES, "status = 'sending'", 'startedAt', 100, 0)
  let finished = 0
  for (const issue of sending) {
    if (!issue) continue
    const counts = deliveryCounts(app, issue.id)
    issue.set('delivered', counts.sent)
    issue.set('failed', counts.failed)
    issue.set('skipped', counts.cancelled)
    if (counts.pending + counts.sending + counts.held === 0) {
      issue.set('status', 'sent')
      issue.set('sentAt', toPbTime(nowMs))
      finished++
    }
    app.save(issue)
  }
  return finished
}

/** Scheduled issues whose time has come start; a failure is kept on the issue for the console. */
function startDue(app: App, nowMs: number): number {
  const due = app.findRecordsByFilter(
    ISSUES,
    "status = 'scheduled' && scheduledAt <= {:now}",
    'scheduledAt',
    10,
    0,
    { now: toPbTime(nowMs) },
  )
  let started = 0
  for (const issue of due) {
    if (!issue) continue
    try {
      startSend(app, issue.id, nowMs)
      started++
    } catch (err) {
      const message = messageOf(err)
      app
        .logger()
        .error('newsletter: scheduled send did not start', 'id', issue.id, 'error', message)
      try {
        const fresh = app.findRecordById(ISSUES, issue.id)
        if (fresh.getString('status') === 'scheduled') {
          fresh.set('lastError', `The scheduled send could not start: ${message}`.slice(0, 2000))
          fresh.set('status', 'draft')
          app.save(fresh)
        }
      } catch {
        // the next run tries again
      }
    }
  }
  return started
}

/** An error's message (a JS error's or a Go error's), else its text. */
function messageOf(err: unknown): string {
  const message = err && typeof err === 'object' ? (err as { message?: unknown }).message : ''
  return message ? String(message) : String(err)
}

/** One pass over every issue: start what is due, finish what is done (the run route, a sweep). */
export function runDue(app: App, nowMs: number): IssuesRunAnswer {
  return { started: startDue(app, nowMs), finished: finishSends(app, nowMs) }
}

/** START_JOB: the scheduled issues whose time has come start. */
export function startDueJob(app: App, nowMs: number): void {
  startDue(app, nowMs)
}

/** CHECK_JOB: sends whose copies are all done finish; the others are checked again in a minute. */
export function checkSendsJob(app: App, nowMs: number): void {
  finishSends(app, nowMs)
  for (const issue of app.findRecordsByFilter(ISSUES, "status = 'sending'", '', 100, 0)) {
    if (issue) queueCheck(app, issue.id, nowMs)
  }
}
