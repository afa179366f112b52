// The follow-ups keep no clock of their own: the delivery queue's is theirs. ONE job row,
// `followups.due-steps`, waits in the queue for the moment the next sequence needs the scheduler
// (its next mail's day, or the end of its grace while it waits for proof of the address). The
// job (runDueSteps, ./scheduler.ts) does what is due, each step re-checking its person (a booking
// or a reply since stops it), and plans its next run from the data. Whatever brings work forward plans it
// again: a sequence started, the delays changed, and proof of the address arriving (a click, a
// verified account, a confirmed newsletter sign-up), which lets a waiting mail go at once.
import { toPbTime, parsePbTime } from '../../src/config/dates'
import { FOLLOWUP_GRACE_DAYS } from '../../src/config/followup'
import type { App } from '../platform/events'
import { selectRow } from '../platform/sql'
import { defineJob, planJob } from '../queue/index'
import { readSettings } from './settings'
import { DAY } from './times'

/** The job that queues the due follow-up mails (followups/index.ts registers its work). */
export const DUE_STEPS_JOB = defineJob('followups.due-steps')

/**
 * When the scheduler next has something to do for a running sequence, as of `now`: its next
 * mail's time; `now` for one due whose mail may go (proven, or to be stopped or skipped); the end
 * of the grace for one due that waits for proof. Null when no sequence runs.
 */
export function nextDue(app: App, now: number): number | null {
  const row = selectRow(
    app,
    'SELECT IFNULL(MIN(CASE ' +
      'WHEN f.nextAt > {:now} THEN f.nextAt ' +
      "WHEN f.provenAt != '' OR p.newsletter IN ('active', 'unsubscribed') OR u.verified = 1 " +
      "OR p.status != 'new' OR f.nextAt < {:graceCutoff} THEN {:now} " +
      "ELSE strftime('%Y-%m-%d %H:%M:%fZ', f.nextAt, {:grace}) END), '') AS next " +
      'FROM followups f JOIN people p ON p.id = f.person LEFT JOIN users u ON u.id = p.userId ' +
      "WHERE f.stoppedAt = '' AND f.nextAt != ''",
    {
      now: toPbTime(now),
      graceCutoff: toPbTime(now - FOLLOWUP_GRACE_DAYS * DAY),
      grace: `+${FOLLOWUP_GRACE_DAYS} days`,
    },
    { next: '' },
  )
  if (!row || !row.next) return null
  const at = parsePbTime(row.next)
  return isFinite(at) ? at : null
}

/** Plans the job for the next due moment (nothing while the follow-ups are switched off). */
export function planNext(app: App, now: number): void {
  if (!readSettings(app).enabled) return
  const at = nextDue(app, now)
  if (at !== null) planJob(app, DUE_STEPS_JOB, Math.max(at, now))
}

/** Proof of an address arrived: a mail that waited for it may go now. */
export function planNow(app: App): void {
  planJob(app, DUE_STEPS_JOB, Date.now())
}
