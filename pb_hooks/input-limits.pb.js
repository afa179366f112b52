/// <reference path="../.pb-types/types.d.ts" />
// Input limits for everything a visitor can send, each refusal naming its field: the records
// write middleware and the create hook (server/limits/input-hooks.ts).

routerUse((e) => require(`${__hooks}/generated/server.cjs`).limits.hooks.checkRecordWrite(e))
onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).limits.hooks.checkInput(e),
  'contacts',
  'newsletter_subscriptions',
  'audits',
)
