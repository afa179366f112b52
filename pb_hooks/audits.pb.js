/// <reference path="../.pb-types/types.d.ts" />
// An audits create, all of it: the request's checks (input limits, validation and re-scoring with
// the browser's own engine, the daily cap per IP, the first touch) in one hook; the audit's INSERT
// queues the job that does the rest (mails, webhook event, person, newsletter, follow-ups) by a
// database trigger (server/leads/audit-create.ts, audit-saved-job.ts, audit-saved.ts). A free audit's
// report asks which mail carries its results (server/leads/results-mail-route.ts).

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).leads.hooks.checkAudit(e),
  'audits',
)
routerAdd('GET', '/api/audits/{id}/results-mail', (e) =>
  require(`${__hooks}/generated/server.cjs`).leads.routes.readResultsMail(e),
)
