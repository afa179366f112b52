/// <reference path="../.pb-types/types.d.ts" />
// POST /api/account/delete {password}: a signed-in user deletes their account and everything
// that is theirs, in one transaction (server/accounts/deletion.ts).

routerAdd(
  'POST',
  '/api/account/delete',
  (e) => require(`${__hooks}/generated/server.cjs`).accounts.routes.deleteAccount(e),
  $apis.requireAuth('users'),
)
