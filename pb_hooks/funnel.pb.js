/// <reference path="../.pb-types/types.d.ts" />
// The privacy-respecting funnel (events, visit tokens, the consultant's report) and the
// visitors' peer benchmark (server/funnel/).

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).funnel.hooks.checkEvent(e),
  'events',
)
routerAdd('POST', '/api/funnel/visit', (e) =>
  require(`${__hooks}/generated/server.cjs`).funnel.routes.recordVisit(e),
)
routerAdd(
  'GET',
  '/api/admin/funnel',
  (e) => require(`${__hooks}/generated/server.cjs`).funnel.routes.readFunnel(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd('GET', '/api/peer-benchmark', (e) =>
  require(`${__hooks}/generated/server.cjs`).funnel.routes.readPeerBenchmark(e),
)
