/// <reference path="../.pb-types/types.d.ts" />
// Input limits for everything a visitor can send, each refusal naming its field: the create hook
// (server/limits/input-hooks.ts; the records write middleware is in middlewares.pb.js, and an
// audit's create checks them among its own checks, audits.pb.js).

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).limits.hooks.checkInput(e),
  'contacts',
  'newsletter_subscriptions',
)
