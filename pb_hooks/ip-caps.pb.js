/// <reference path="../.pb-types/types.d.ts" />
// The daily caps per IP address on what the open internet can store, and the pruning of expired
// counters: hourly (a job of the queue's dispatcher, server/limits/index.ts), and on demand for
// superusers (server/limits/ip-caps.ts). An audit's create counts among its own checks
// (audits.pb.js).

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).limits.hooks.countCappedCreate(e),
  'contacts',
  'events',
)
routerAdd(
  'POST',
  '/api/limits/prune',
  (e) => require(`${__hooks}/generated/server.cjs`).limits.routes.pruneCounters(e),
  $apis.requireSuperuserAuth(),
)
