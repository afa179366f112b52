// The follow-ups' scheduler: which sequences are due, what to do with each (stop, skip, wait,
// postpone, send), and the due mails queued on the delivery queue (kind `followup`) in a few
// statements per chunk; and the move of every running sequence when the delays change.
import type { App } from '../platform/events'
import { newRecordId } from '../platform/ids'
import { selectRows } from '../platform/sql'
import { enqueueMany, planJob } from '../queue/index'
import type { DeliveryRow } from '../queue/index'
import { toPbTime } from '../../src/config/dates'
import { FOLLOWUP_GRACE_DAYS, FOLLOWUP_MIN_HOURS_APART } from '../../src/config/followup'
import type { FollowupSettings, FollowupStopReason } from '../../src/config/followup'
import type { FollowupRunSummary } from './api'
import { dueTime, sequenceOf } from './sequences'
import { readSettings } from './settings'
import { DUE_STEPS_JOB, nextDue } from './plan'
import { DAY, HOUR, MINUTE, msOf } from './times'
import { execute, inList } from '../platform/sql'
import type { Params } from '../platform/sql'

/** How many due sequences one run handles (the next run takes the rest). */
const RUN_LIMIT = 5000
/** Rows written per transaction in a run: short write locks, few commits. */
const RUN_CHUNK = 500

/** A due sequence with what decides its fate: its person's status, newsletter and account. */
type DueRow = {
  id: string
  person: string
  audit: string
  auditAt: string
  step: number
  nextAt: string
  lastSentAt: string
  provenAt: string
  email: string
  status: string
  newsletter: string
  verified: number
}

/**
 * The sequences that need something done at `now`: due, and either proven (a click, an active
 * newsletter sign-up, a verified account), past their grace (to skip the mail), or no longer
 * eligible (to stop). Due sequences still waiting for proof within their grace are left alone.
 */
function dueRows(app: App, now: number): DueRow[] {
  return selectRows<DueRow>(
    app,
    'SELECT f.id, f.person, f.audit, f.auditAt, f.step, f.nextAt, f.lastSentAt, f.provenAt, ' +
      'p.email, p.status, p.newsletter, CAST(COALESCE(u.verified, 0) AS INTEGER) AS verified ' +
      'FROM followups f JOIN people p ON p.id = f.person LEFT JOIN users u ON u.id = p.userId ' +
      "WHERE f.stoppedAt = '' AND f.nextAt != '' AND f.nextAt <= {:now} AND (" +
      "f.provenAt != '' OR p.newsletter IN ('active', 'unsubscribed') OR u.verified = 1 " +
      "OR p.status != 'new' OR f.nextAt < {:graceCutoff}) " +
      'ORDER BY f.nextAt LIMIT {:limit}',
    {
      now: toPbTime(now),
      graceCutoff: toPbTime(now - FOLLOWUP_GRACE_DAYS * DAY),
      limit: RUN_LIMIT,
    },
    {
      id: '',
      person: '',
      audit: '',
      auditAt: '',
      step: 0,
      nextAt: '',
      lastSentAt: '',
      provenAt: '',
      email: '',
      status: '',
      newsletter: '',
      verified: 0,
    },
  )
}

type Decision =
  | { action: 'stop'; reason: FollowupStopReason }
  | { action: 'skip' | 'finish' | 'wait' | 'send' }
  | { action: 'postpone'; until: string }

/** What to do with one due sequence at `now`. */
function decide(row: DueRow, settings: FollowupSettings, now: number): Decision {
  if (row.status !== 'new') return { action: 'stop', reason: 'status' }
  if (row.newsletter === 'unsubscribed') return { action: 'stop', reason: 'unsubscribed' }
  if (row.step > settings.steps.length) return { action: 'finish' }
  if (now - msOf(row.nextAt) > FOLLOWUP_GRACE_DAYS * DAY) return { action: 'skip' }
  const proven = !!row.provenAt || row.newsletter === 'active' || row.verified === 1
  if (!proven) return { action: 'wait' }
  const last = row.lastSentAt ? msOf(row.lastSentAt) : NaN
  if (isFinite(last) && now - last < FOLLOWUP_MIN_HOURS_APART * HOUR) {
    return { action: 'postpone', until: toPbTime(last + FOLLOWUP_MIN_HOURS_APART * HOUR) }
  }
  return { action: 'send' }
}

/**
 * Queues the due mail of each of `rows` (proven sequences, one per person) in the caller's
 * transaction, in three statements whatever their number: the followup_sends rows, their
 * deliveries (kind `followup`, one fan-out of the queue, never twice for the same sequence,
 * audit and step) and the sequences' next mail. Returns how many deliveries were queued.
 */
function queueMails(txApp: App, rows: DueRow[], settings: FollowupSettings, now: number): number {
  if (rows.length === 0) return 0
  const stamp = toPbTime(now)
  const sendIds: string[] = []
  const sendParams: Params = { now: stamp }
  const values = rows.map((row, i) => {
    sendIds.push(newRecordId())
    sendParams[`id${i}`] = sendIds[i]
    sendParams[`f${i}`] = row.id
    sendParams[`a${i}`] = row.audit
    sendParams[`s${i}`] = row.step
    return `({:id${i}}, {:f${i}}, {:a${i}}, {:s${i}}, '', '', {:now}, {:now})`
  })
  execute(
    txApp,
    'INSERT INTO followup_sends (id, followup, audit, step, clickedAt, bookedAt, created, updated) VALUES ' +
      values.join(', '),
    sendParams,
  )
  const params: Params = {}
  const sendList = inList('s', sendIds, params)
  const queued = enqueueMany(txApp, {
    kind: 'followup',
    select:
      "SELECT p.email AS recipient, s.id AS sourceId, 'followup:' || s.followup || ':' || s.audit || ':' || s.step AS uniqueKey, " +
      "json_object('step', s.step) AS payload " +
      'FROM followup_sends s JOIN followups f ON f.id = s.followup JOIN people p ON p.id = f.person ' +
      `WHERE s.id IN (${sendList})`,
    params,
    runAt: now,
  })
  // The next mail: its delay after the audit, or none after the last one.
  const next: Params = { now: stamp }
  const cases = settings.steps
    .map((mail, i) => {
      next[`shift${i}`] = `+${mail.delayDays} days`
      return `WHEN ${i + 1} THEN strftime('%Y-%m-%d %H:%M:%fZ', auditAt, {:shift${i}})`
    })
    .join(' ')
  execute(
    txApp,
    `UPDATE followups SET step = step + 1, nextAt = CASE step + 1 ${cases} ELSE '' END, ` +
      `lastSentAt = {:now}, updated = {:now} WHERE id IN (${inList(
        'f',
        rows.map((row) => row.id),
        next,
      )})`,
    next,
  )
  return queued
}

/**
 * One scheduler run as if at `now` (ms): stops sequences no longer eligible, skips mails more
 * than the grace late, postpones a mail within a day of the last one to the same address, and
 * queues the due mails of proven addresses. Returns what it did.
 */
export function runFollowups(app: App, now?: number): FollowupRunSummary {
  const at = typeof now === 'number' && isFinite(now) ? now : Date.now()
  const settings = readSettings(app)
  const summary: FollowupRunSummary = {
    enabled: settings.enabled,
    due: 0,
    queued: 0,
    waiting: 0,
    skipped: 0,
    postponed: 0,
    finished: 0,
    stopped: 0,
  }
  if (!settings.enabled) return summary
  const due = dueRows(app, at)
  // A person with two sequences (just merged) is made whole first and waits for the next run.
  const perPerson: Record<string, number> = {}
  for (const row of due) perPerson[row.person] = (perPerson[row.person] || 0) + 1
  const rows = due.filter((row) => perPerson[row.person] === 1)
  for (const person of Object.keys(perPerson)) {
    if (perPerson[person] > 1) app.runInTransaction((txApp) => void sequenceOf(txApp, person))
  }
  summary.due = rows.length
  for (let from = 0; from < rows.length; from += RUN_CHUNK) {
    const chunk = rows.slice(from, from + RUN_CHUNK)
    app.runInTransaction((txApp) => {
      const sending: DueRow[] = []
      for (const row of chunk) {
        if (handleDue(txApp, row, settings, at, summary)) sending.push(row)
      }
      summary.queued += queueMails(txApp, sending, settings, at)
    })
  }
  return summary
}

/** Acts on one due sequence; true when its mail is to be queued (queueMails). */
function handleDue(
  txApp: App,
  row: DueRow,
  settings: FollowupSettings,
  now: number,
  summary: FollowupRunSummary,
): boolean {
  const auditAt = msOf(row.auditAt)
  const advance = (step: number, lastSentAt: string) =>
    execute(
      txApp,
      'UPDATE followups SET step = {:step}, nextAt = {:nextAt}, lastSentAt = {:last}, updated = {:now} WHERE id = {:id}',
      {
        id: row.id,
        step,
        nextAt: dueTime(settings, auditAt, step),
        last: lastSentAt,
        now: toPbTime(now),
      },
    )
  const decision = decide(row, settings, now)
  switch (decision.action) {
    case 'stop':
      execute(
        txApp,
        "UPDATE followups SET stoppedAt = {:now}, stopReason = {:reason}, stoppedStep = {:sent}, nextAt = '', updated = {:now} WHERE id = {:id}",
        {
          id: row.id,
          reason: decision.reason,
          sent: Math.max(0, row.step - 1),
          now: toPbTime(now),
        },
      )
      summary.stopped++
      return false
    case 'finish':
      execute(txApp, "UPDATE followups SET nextAt = '', updated = {:now} WHERE id = {:id}", {
        id: row.id,
        now: toPbTime(now),
      })
      summary.finished++
      return false
    case 'skip': {
      // Every mail already past its grace goes; the next one keeps its own day.
      let step = row.step + 1
      while (
        step <= settings.steps.length &&
        now - msOf(dueTime(settings, auditAt, step)) > FOLLOWUP_GRACE_DAYS * DAY
      )
        step++
      advance(step, row.lastSentAt)
      summary.skipped++
      return false
    }
    case 'wait':
      summary.waiting++
      return false
    case 'postpone':
      execute(txApp, 'UPDATE followups SET nextAt = {:until}, updated = {:now} WHERE id = {:id}', {
        id: row.id,
        until: decision.until,
        now: toPbTime(now),
      })
      summary.postponed++
      return false
    case 'send':
      return true
  }
  return false
}

/**
 * When the consultant changes the delays: every running sequence's next mail moves to its new
 * day (a sequence past the new last mail is finished).
 */
export function rescheduleAll(app: App, settings: FollowupSettings): void {
  app.runInTransaction((txApp) => {
    settings.steps.forEach((mail, i) => {
      execute(
        txApp,
        "UPDATE followups SET nextAt = strftime('%Y-%m-%d %H:%M:%fZ', auditAt, {:shift}) " +
          "WHERE stoppedAt = '' AND nextAt != '' AND step = {:step}",
        { shift: `+${mail.delayDays} days`, step: i + 1 },
      )
    })
    execute(txApp, "UPDATE followups SET nextAt = '' WHERE stoppedAt = '' AND step > {:steps}", {
      steps: settings.steps.length,
    })
  })
}

/**
 * The job: the due steps, then the next run. Still due after a run (more than one run takes, or
 * a person with two sequences made whole first): a minute later.
 */
export function runDueSteps(app: App, _row: DeliveryRow, now: number): void {
  runFollowups(app, now)
  if (!readSettings(app).enabled) return
  const at = nextDue(app, now)
  if (at !== null) planJob(app, DUE_STEPS_JOB, at <= now ? now + MINUTE : at)
}
