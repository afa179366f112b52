/// <reference path="../.pb-types/types.d.ts" />
// The server is the authority on audit scores: every audits create is validated and re-scored
// with the browser's own engine (server/leads/audits.ts).

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).leads.hooks.scoreAudit(e),
  'audits',
)
