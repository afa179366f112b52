/// <reference path="../../../../.pb-types/types.d.ts" />
// TEST ONLY, never in pb_hooks/: the routes of tests/integration/support/server/test-bulk.ts,
// built into the scratch bundle of tests/integration/mail-priority.test.ts (superusers only).

routerAdd(
  'POST',
  '/api/test/bulk',
  (e) => require(`${__hooks}/generated/server.cjs`).testBulk.routes.bulk(e),
  $apis.requireSuperuserAuth(),
)

routerAdd(
  'POST',
  '/api/test/bulk-cancel',
  (e) => require(`${__hooks}/generated/server.cjs`).testBulk.routes.bulkCancel(e),
  $apis.requireSuperuserAuth(),
)
