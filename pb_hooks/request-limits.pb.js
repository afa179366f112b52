/// <reference path="../.pb-types/types.d.ts" />
// What a request may cost, decided before anything reads it: body limits per route and realtime
// connection caps (server/limits/request-limits.ts, realtime.ts). Priority -99500: first of all.

routerUse(
  new Middleware(
    (e) => require(`${__hooks}/generated/server.cjs`).limits.hooks.limitRequest(e),
    -99500,
    'siteRequestLimits',
  ),
)
onRealtimeConnectRequest((e) =>
  require(`${__hooks}/generated/server.cjs`).limits.hooks.setRealtimeTimeouts(e),
)
