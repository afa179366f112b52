// Deletes accounts that never verified their e-mail within a set number of days, so sign-ups
// cannot pile up rows (or a stranger's address) for ever: the hourly job and
// POST /api/accounts/cleanup (superusers), which runs it now (pb_hooks/account-cleanup.pb.js).
import { noStore } from '../platform/request'
import type { App, RequestEvent } from '../platform/events'
import { envText } from '../platform/env'
import { toPbTime } from '../../src/config/dates'
import { UNVERIFIED_ACCOUNT_DAYS } from '../../src/config/limits'
import type { AccountCleanupResponse } from './api'

const DAY = 24 * 60 * 60 * 1000

/** UNVERIFIED_ACCOUNT_DAYS from the environment (may be fractional, never 0), else the default. */
export function unverifiedAccountDays(): number {
  const text = envText('UNVERIFIED_ACCOUNT_DAYS')
  const days = Number(text)
  return text && isFinite(days) && days > 0 ? days : UNVERIFIED_ACCOUNT_DAYS
}

/**
 * Deletes every unverified, non-admin user created more than `days` days before `nowMs`, each
 * with its own audits (the relation cascades). Returns how many were deleted; one that cannot be
 * deleted is logged and left for the next run.
 */
export function deleteStaleUnverified(app: App, days: number, nowMs: number): number {
  const cutoff = toPbTime(nowMs - days * DAY)
  const stale = app.findRecordsByFilter(
    'users',
    'verified = false && isAdmin != true && created < {:cutoff}',
    'created',
    500,
    0,
    { cutoff },
  )
  let deleted = 0
  for (const user of stale) {
    if (!user) continue
    try {
      app.delete(user)
      deleted++
    } catch (err) {
      app
        .logger()
        .error(
          'accounts: could not delete an unverified account',
          'userId',
          user.id,
          'error',
          String(err),
        )
    }
  }
  return deleted
}

/** The hourly job (`accounts.cleanup-unverified`); a failure is logged, never thrown. */
export function cleanupUnverifiedJob(): void {
  // Jobs get no event: the process's app (the one place this area reads $app).
  const app = $app as unknown as App
  try {
    const deleted = deleteStaleUnverified(app, unverifiedAccountDays(), Date.now())
    if (deleted > 0) app.logger().info('accounts: deleted unverified accounts', 'count', deleted)
  } catch (err) {
    app.logger().error('accounts: cleanup failed', 'error', String(err))
  }
}

/** POST /api/accounts/cleanup: runs the job now and answers { days, deleted }. */
export function cleanupUnverifiedRoute(e: RequestEvent): void {
  const days = unverifiedAccountDays()
  noStore(e)
  const answer: AccountCleanupResponse = {
    days,
    deleted: deleteStaleUnverified(e.app, days, Date.now()),
  }
  return e.json(200, answer)
}
