/// <reference path="../../.pb-types/types.d.ts" />
// Deletes accounts that never verified their e-mail within a set number of days, so sign-ups
// cannot pile up rows (or a stranger's address) for ever. Used by pb_hooks/account-cleanup.pb.js.

const DAY = 24 * 60 * 60 * 1000

/** UNVERIFIED_ACCOUNT_DAYS from the environment (may be fractional), else the shared default. */
function unverifiedAccountDays() {
  const { UNVERIFIED_ACCOUNT_DAYS } = require('./shared.cjs')
  const text = String($os.getenv('UNVERIFIED_ACCOUNT_DAYS') || '').trim()
  const days = Number(text)
  return text && isFinite(days) && days > 0 ? days : UNVERIFIED_ACCOUNT_DAYS
}

/**
 * Deletes every unverified, non-admin user created more than `days` days before `nowMs`, each
 * with its own audits (the relation cascades). Returns how many were deleted; one that cannot be
 * deleted is logged and left for the next run.
 * @param {core.App} app
 * @param {number} days
 * @param {number} nowMs
 */
function deleteStaleUnverified(app, days, nowMs) {
  const { toPbTime } = require('./shared.cjs')
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

module.exports = { deleteStaleUnverified, unverifiedAccountDays }
