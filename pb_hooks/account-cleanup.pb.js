/// <reference path="../.pb-types/types.d.ts" />
// Accounts still unverified UNVERIFIED_ACCOUNT_DAYS (default 30) days after sign-up are deleted,
// with their audits, every hour (a job of the queue's dispatcher, server/accounts/index.ts);
// POST /api/accounts/cleanup (superusers) runs it now (server/accounts/cleanup.ts).

routerAdd(
  'POST',
  '/api/accounts/cleanup',
  (e) => require(`${__hooks}/generated/server.cjs`).accounts.routes.cleanupUnverified(e),
  $apis.requireSuperuserAuth(),
)
