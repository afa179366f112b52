/// <reference path="../.pb-types/types.d.ts" />
// Newsletter issues: drafts autosaved from the console, test copies, the send, the schedule,
// results, the signed click redirect, the public archive and sitemap.xml (server/newsletter/).

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).newsletter.hooks.prepareNewIssue(e),
  'newsletter_issues',
)

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).newsletter.hooks.checkEdit(e),
  'newsletter_issue_edits',
)

onRecordCreateExecute(
  (e) => require(`${__hooks}/generated/server.cjs`).newsletter.hooks.applyEdit(e),
  'newsletter_issue_edits',
)

routerAdd('GET', '/api/newsletter/settings', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.settings(e),
)

routerAdd('POST', '/api/newsletter/issues/{id}/test', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.sendTest(e),
)

routerAdd('POST', '/api/newsletter/issues/{id}/send', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.send(e),
)

routerAdd('POST', '/api/newsletter/issues/{id}/schedule', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.schedule(e),
)

routerAdd('GET', '/api/newsletter/issues/{id}/results', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.results(e),
)

routerAdd(
  'POST',
  '/api/newsletter/run',
  (e) => require(`${__hooks}/generated/server.cjs`).newsletter.routes.runIssues(e),
  $apis.requireSuperuserAuth(),
)

routerAdd('GET', '/api/newsletter/click', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.click(e),
)

routerAdd('GET', '/newsletter', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.archiveList(e),
)
routerAdd('GET', '/newsletter/{$}', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.archiveList(e),
)
routerAdd('GET', '/newsletter/{slug}', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.archiveIssue(e),
)

routerAdd('GET', '/sitemap.xml', (e) =>
  require(`${__hooks}/generated/server.cjs`).newsletter.routes.sitemap(e),
)
