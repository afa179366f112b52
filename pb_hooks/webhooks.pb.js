/// <reference path="../.pb-types/types.d.ts" />
// Outgoing webhooks: the consultant's endpoints, the events each queued in its cause's
// transaction, the `webhook` channel's sender and the log cleanup (server/webhooks/).

routerAdd(
  'POST',
  '/api/webhooks',
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.routes.createEndpoint(e),
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'PATCH',
  '/api/webhooks/{id}',
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.routes.updateEndpoint(e),
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'DELETE',
  '/api/webhooks/{id}',
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.routes.deleteEndpoint(e),
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'POST',
  '/api/webhooks/{id}/rotate',
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.routes.rotateSecret(e),
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'POST',
  '/api/webhooks/{id}/test',
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.routes.sendTestEvent(e),
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'POST',
  '/api/webhooks/{id}/resend',
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.routes.resendEvent(e),
  $apis.requireAuth('users', '_superusers'),
)

onRecordEnrich(
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.hooks.hideSecrets(e),
  'webhook_endpoints',
)

onRecordCreateRequest(
  () => require(`${__hooks}/generated/server.cjs`).webhooks.hooks.refuseCreate(),
  'webhook_endpoints',
)

onRecordUpdateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.hooks.checkUpdate(e),
  'webhook_endpoints',
)

onRecordCreateExecute(
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.hooks.queueMessageReceived(e),
  'contacts',
)

onRecordUpdateExecute(
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.hooks.queueSubscriberChange(e),
  'newsletter_subscriptions',
)

onRecordCreateExecute(
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.hooks.queuePersonCreated(e),
  'people',
)

onRecordUpdateExecute(
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.hooks.queuePersonStatusChange(e),
  'people',
)

routerAdd(
  'POST',
  '/api/webhooks/flush',
  (e) => require(`${__hooks}/generated/server.cjs`).webhooks.routes.flush(e),
  $apis.requireSuperuserAuth(),
)
