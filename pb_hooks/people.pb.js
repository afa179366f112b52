/// <reference path="../.pb-types/types.d.ts" />
// Keeps the lead workspace's people current, checks the first touch audits and messages carry,
// and checks notes and status changes (server/people/).

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).people.hooks.checkFirstTouch(e),
  'audits',
  'contacts',
)

onRecordAfterCreateSuccess(
  (e) => require(`${__hooks}/generated/server.cjs`).people.hooks.refreshForRecord(e),
  'audits',
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
  (e) => require(`${__hooks}/generated/server.cjs`).people.hooks.checkPersonUpdate(e),
  'person_updates',
)

onRecordCreateExecute(
  (e) => require(`${__hooks}/generated/server.cjs`).people.hooks.applyStatusChange(e),
  'person_updates',
)
