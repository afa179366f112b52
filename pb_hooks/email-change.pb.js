/// <reference path="../.pb-types/types.d.ts" />
// An account's e-mail change: asking for it answers alike for a free and a registered address
// (server/limits/: every request passes it, so it lives with the light middlewares), and a
// confirmed change carries the account's data along in the same transaction (server/accounts/).

routerUse((e) => require(`${__hooks}/generated/server.cjs`).limits.hooks.hideTakenNewEmail(e))

onRecordUpdateExecute(
  (e) => require(`${__hooks}/generated/server.cjs`).accounts.hooks.carryEmailChange(e),
  'users',
)
