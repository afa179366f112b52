/// <reference path="../.pb-types/types.d.ts" />
// The account mails (verification, password reset, e-mail change, new sign-in alert) go through
// the delivery queue like every other mail: PocketBase builds each inside its own handler and
// hands it to these mailer hooks, which queue it (lib/account-mail-queue.js; rendered again with
// a fresh token when it is sent, lib/account-mail-kinds.js) and do NOT call e.next(), so
// PocketBase sends nothing itself. A request-* endpoint therefore answers the same 204 whether
// the address exists, whether SMTP is configured and whether it answers; the mail goes out once
// SMTP works. Per-recipient caps are the queue's: a refused job is logged, never reported.

onMailerRecordVerificationSend((e) => {
  const { queueAccountMail } = /** @type {typeof import('./lib/account-mail-queue.js')} */ (
    require(`${__hooks}/lib/account-mail-queue.js`)
  )
  queueAccountMail(e, 'account_verification')
}, 'users')

onMailerRecordPasswordResetSend((e) => {
  const { queueAccountMail } = /** @type {typeof import('./lib/account-mail-queue.js')} */ (
    require(`${__hooks}/lib/account-mail-queue.js`)
  )
  queueAccountMail(e, 'account_password_reset')
}, 'users')

onMailerRecordEmailChangeSend((e) => {
  const { queueAccountMail } = /** @type {typeof import('./lib/account-mail-queue.js')} */ (
    require(`${__hooks}/lib/account-mail-queue.js`)
  )
  queueAccountMail(e, 'account_email_change', { newEmail: String(e.meta.newEmail || '') })
}, 'users')

onMailerRecordAuthAlertSend((e) => {
  const { queueAccountMail } = /** @type {typeof import('./lib/account-mail-queue.js')} */ (
    require(`${__hooks}/lib/account-mail-queue.js`)
  )
  queueAccountMail(e, 'account_auth_alert', { info: String(e.meta.info || '').slice(0, 500) })
}, 'users')
