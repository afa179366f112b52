/// <reference path="../.pb-types/types.d.ts" />
// Accounts still unverified UNVERIFIED_ACCOUNT_DAYS (default 30) days after sign-up are deleted,
// with their audits, by a job every hour (lib/account-cleanup.js). POST /api/accounts/cleanup
// (superusers) runs it now.

cronAdd('unverified_accounts_cleanup', '41 * * * *', () => {
  const cleanup = /** @type {typeof import('./lib/account-cleanup.js')} */ (
    require(`${__hooks}/lib/account-cleanup.js`)
  )
  try {
    const deleted = cleanup.deleteStaleUnverified(
      /** @type {core.App} */ (/** @type {unknown} */ ($app)),
      cleanup.unverifiedAccountDays(),
      Date.now(),
    )
    if (deleted > 0) $app.logger().info('accounts: deleted unverified accounts', 'count', deleted)
  } catch (err) {
    $app.logger().error('accounts: cleanup failed', 'error', String(err))
  }
})

routerAdd(
  'POST',
  '/api/accounts/cleanup',
  (e) => {
    const cleanup = /** @type {typeof import('./lib/account-cleanup.js')} */ (
      require(`${__hooks}/lib/account-cleanup.js`)
    )
    const days = cleanup.unverifiedAccountDays()
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, { days, deleted: cleanup.deleteStaleUnverified(e.app, days, Date.now()) })
  },
  $apis.requireSuperuserAuth(),
)
