/// <reference path="../.pb-types/types.d.ts" />
// An account's e-mail change: a confirmed change carries the account's data along in the same
// transaction (server/accounts/). Asking for it answers alike for a free and a registered address:
// a step of the middlewares every request passes (middlewares.pb.js, server/limits/).

onRecordUpdateExecute(
  (e) => require(`${__hooks}/generated/server.cjs`).accounts.hooks.carryEmailChange(e),
  'users',
)
