/// <reference path="../.pb-types/types.d.ts" />
// The account mails (verification, password reset, e-mail change, new sign-in alert) go through
// the delivery queue: each hook queues PocketBase's message and sends nothing (server/accounts/).

onMailerRecordVerificationSend(
  (e) => require(`${__hooks}/generated/server.cjs`).accounts.hooks.queueVerificationMail(e),
  'users',
)

onMailerRecordPasswordResetSend(
  (e) => require(`${__hooks}/generated/server.cjs`).accounts.hooks.queuePasswordResetMail(e),
  'users',
)

onMailerRecordEmailChangeSend(
  (e) => require(`${__hooks}/generated/server.cjs`).accounts.hooks.queueEmailChangeMail(e),
  'users',
)

onMailerRecordAuthAlertSend(
  (e) => require(`${__hooks}/generated/server.cjs`).accounts.hooks.queueAuthAlertMail(e),
  'users',
)
