/// <reference path="../.pb-types/types.d.ts" />
// The follow-up sequence after an audit, bookings tied to a person, the mails' signed links and
// the console's Follow-up routes (server/followups/). The due steps are a job of the delivery
// queue (`followups.due-steps`), planned at the next step's time; proof of an address (a verified
// account, a confirmed sign-up on the person) plans it at once.

onRecordAfterCreateSuccess(
  (e) => require(`${__hooks}/generated/server.cjs`).followups.hooks.stopForMessage(e),
  'contacts',
)
onRecordAfterCreateSuccess(
  (e) => require(`${__hooks}/generated/server.cjs`).followups.hooks.stopForStatus(e),
  'person_updates',
)
onRecordAfterUpdateSuccess(
  (e) => require(`${__hooks}/generated/server.cjs`).followups.hooks.stopForUnsubscribe(e),
  'newsletter_subscriptions',
)
onRecordAfterUpdateSuccess(
  (e) => require(`${__hooks}/generated/server.cjs`).followups.hooks.planForVerified(e),
  'users',
)
onRecordAfterUpdateSuccess(
  (e) => require(`${__hooks}/generated/server.cjs`).followups.hooks.planForNewsletter(e),
  'people',
)

routerAdd(
  'POST',
  '/api/followups/run',
  (e) => require(`${__hooks}/generated/server.cjs`).followups.routes.runScheduler(e),
  $apis.requireSuperuserAuth(),
)
routerAdd('POST', '/api/followups/click', (e) =>
  require(`${__hooks}/generated/server.cjs`).followups.routes.recordClick(e),
)
routerAdd('POST', '/api/followups/stop', (e) =>
  require(`${__hooks}/generated/server.cjs`).followups.routes.stopByLink(e),
)
routerAdd('GET', '/api/followups/stop', (e) =>
  require(`${__hooks}/generated/server.cjs`).followups.routes.openStopPage(e),
)
routerAdd('POST', '/api/bookings', (e) =>
  require(`${__hooks}/generated/server.cjs`).followups.routes.reportBooking(e),
)
routerAdd(
  'GET',
  '/api/followups/settings',
  (e) => require(`${__hooks}/generated/server.cjs`).followups.routes.getSettings(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'PUT',
  '/api/followups/settings',
  (e) => require(`${__hooks}/generated/server.cjs`).followups.routes.saveSettings(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'POST',
  '/api/followups/preview',
  (e) => require(`${__hooks}/generated/server.cjs`).followups.routes.previewMail(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'POST',
  '/api/followups/test',
  (e) => require(`${__hooks}/generated/server.cjs`).followups.routes.sendTestMail(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'GET',
  '/api/followups/figures',
  (e) => require(`${__hooks}/generated/server.cjs`).followups.routes.getFigures(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'GET',
  '/api/followups/people/{id}',
  (e) => require(`${__hooks}/generated/server.cjs`).followups.routes.getPersonFollowups(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'POST',
  '/api/followups/people/{id}/stop',
  (e) => require(`${__hooks}/generated/server.cjs`).followups.routes.stopPersonFollowups(e),
  $apis.requireAuth('users', '_superusers'),
)
