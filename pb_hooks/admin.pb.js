/// <reference path="../.pb-types/types.d.ts" />
// The consultant's console: counters over all audits, counted by the database (server/funnel/).

routerAdd(
  'GET',
  '/api/admin/audit-stats',
  (e) => require(`${__hooks}/generated/server.cjs`).funnel.routes.readAuditStats(e),
  $apis.requireAuth('users', '_superusers'),
)
