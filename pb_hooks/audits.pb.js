/// <reference path="../.pb-types/types.d.ts" />
// The server is the authority on audit scores: every audits create is validated and re-scored
// with the browser's own engine (server/leads/audits.ts). A free audit's report asks which mail
// carries its results (server/leads/results-mail-route.ts).

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).leads.hooks.scoreAudit(e),
  'audits',
)
routerAdd('GET', '/api/audits/{id}/results-mail', (e) =>
  require(`${__hooks}/generated/server.cjs`).leads.routes.readResultsMail(e),
)
