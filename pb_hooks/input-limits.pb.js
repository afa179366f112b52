/// <reference path="../.pb-types/types.d.ts" />
// Input limits for everything a visitor can send, each refusal naming its field: the records
// write middleware and the create hook (server/limits/input-hooks.ts; an audit's create checks
// them among its own checks, audits.pb.js).

routerUse((e) => require(`${__hooks}/generated/server.cjs`).limits.hooks.checkRecordWrite(e))
onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).limits.hooks.checkInput(e),
  'contacts',
  'newsletter_subscriptions',
)
