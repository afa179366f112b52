/// <reference path="../.pb-types/types.d.ts" />
// Keeps the lead workspace's people current, checks the first touch messages carry, checks and
// applies the consultant's updates of a person, and serves the console's Today list
// (server/people/). An audit's create checks its first touch among its own checks, and its job
// refreshes the person (audits.pb.js). The consultant adds leads by hand as `people` creates.

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).people.hooks.checkFirstTouch(e),
  'contacts',
)

onRecordAfterCreateSuccess(
  (e) => require(`${__hooks}/generated/server.cjs`).people.hooks.refreshForRecord(e),
  'contacts',
  'newsletter_subscriptions',
  'users',
)

onRecordAfterUpdateSuccess(
  (e) => require(`${__hooks}/generated/server.cjs`).people.hooks.refreshForChange(e),
  'newsletter_subscriptions',
  'users',
)

onRecordAfterDeleteSuccess(
  (e) => require(`${__hooks}/generated/server.cjs`).people.hooks.refreshForRecord(e),
  'audits',
  'contacts',
  'newsletter_subscriptions',
  'users',
)

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).people.hooks.createManualLead(e),
  'people',
)

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).people.hooks.checkPersonUpdate(e),
  'person_updates',
)

onRecordCreateExecute(
  (e) => require(`${__hooks}/generated/server.cjs`).people.hooks.applyPersonUpdate(e),
  'person_updates',
)

routerAdd(
  'GET',
  '/api/people/today',
  (e) => require(`${__hooks}/generated/server.cjs`).people.routes.readToday(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'GET',
  '/api/people/settings',
  (e) => require(`${__hooks}/generated/server.cjs`).people.routes.getSettings(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'PUT',
  '/api/people/settings',
  (e) => require(`${__hooks}/generated/server.cjs`).people.routes.putSettings(e),
  $apis.requireAuth('users', '_superusers'),
)
