/// <reference path="../.pb-types/types.d.ts" />
// The site's content (server/site/): the live version for anyone; the draft, publish, the
// versions and roll back for the site admin (the console's Site tab).

routerAdd('GET', '/api/site', (e) =>
  require(`${__hooks}/generated/server.cjs`).site.routes.getSite(e),
)
routerAdd(
  'GET',
  '/api/site/draft',
  (e) => require(`${__hooks}/generated/server.cjs`).site.routes.getDraft(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'PATCH',
  '/api/site/draft',
  (e) => require(`${__hooks}/generated/server.cjs`).site.routes.patchDraft(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'POST',
  '/api/site/publish',
  (e) => require(`${__hooks}/generated/server.cjs`).site.routes.publish(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'GET',
  '/api/site/versions',
  (e) => require(`${__hooks}/generated/server.cjs`).site.routes.getVersions(e),
  $apis.requireAuth('users', '_superusers'),
)
routerAdd(
  'POST',
  '/api/site/rollback',
  (e) => require(`${__hooks}/generated/server.cjs`).site.routes.rollback(e),
  $apis.requireAuth('users', '_superusers'),
)

// The console's edits of the draft, queued in its outbox while offline: checked and applied
// with the draft in one transaction.
onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).site.hooks.applySiteEdit(e),
  'site_edits',
)

// A picture uploaded in the Site tab: who uploaded it.
onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).site.hooks.recordUploader(e),
  'site_images',
)

// At the start: pages a publish rendered for an earlier build are rendered again for this one.
// (onServe is not among the hooks' globals; the app's own hook is.)
$app
  .onServe()
  .bindFunc((/** @type {core.ServeEvent} */ e) =>
    require(`${__hooks}/generated/server.cjs`).site.hooks.renderLiveAtStart(e),
  )
