/// <reference path="../.pb-types/types.d.ts" />
// Web Push alerts to the consultant's devices (server/push/): the public key, the devices, a test.
// Signed in first (401 otherwise); the handlers answer 403 to anyone but the consultant.

routerAdd(
  'GET',
  '/api/push/public-key',
  (e) => require(`${__hooks}/generated/server.cjs`).push.routes.getPublicKey(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'GET',
  '/api/push/subscriptions',
  (e) => require(`${__hooks}/generated/server.cjs`).push.routes.listSubscriptions(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'POST',
  '/api/push/subscriptions',
  (e) => require(`${__hooks}/generated/server.cjs`).push.routes.postSubscription(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'DELETE',
  '/api/push/subscriptions/{id}',
  (e) => require(`${__hooks}/generated/server.cjs`).push.routes.deleteSubscription(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'POST',
  '/api/push/subscriptions/{id}/test',
  (e) => require(`${__hooks}/generated/server.cjs`).push.routes.testSubscription(e),
  $apis.requireAuth('users', '_superusers'),
)
