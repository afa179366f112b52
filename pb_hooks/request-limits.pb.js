/// <reference path="../.pb-types/types.d.ts" />
// Realtime connections' idle and maximum time (server/limits/realtime.ts). The body limits and
// the realtime slots are decided before anything reads the request: middlewares.pb.js.

onRealtimeConnectRequest((e) =>
  require(`${__hooks}/generated/server.cjs`).limits.hooks.setRealtimeTimeouts(e),
)
