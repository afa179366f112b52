/// <reference path="../.pb-types/types.d.ts" />
// Mail through the delivery queue (server/mail/, server/queue/): SMTP settings at start, the
// contacts' mail queued with their save (server/leads/; an audit's by its job, audits.pb.js),
// flush, health. The queue's
// dispatcher sends (deliveries.pb.js).

onBootstrap((e) => require(`${__hooks}/generated/server.cjs`).mail.hooks.applySettingsAtStart(e))

onRecordCreateRequest(
  (e) => require(`${__hooks}/generated/server.cjs`).leads.hooks.rememberClientIp(e),
  'contacts',
)

onRecordCreateExecute(
  (e) => require(`${__hooks}/generated/server.cjs`).leads.hooks.saveWithMail(e),
  'contacts',
)

onBootstrap((e) => require(`${__hooks}/generated/server.cjs`).queue.hooks.recoverClaimsAtStart(e))

routerAdd(
  'POST',
  '/api/mail/flush',
  (e) => require(`${__hooks}/generated/server.cjs`).mail.routes.flush(e),
  $apis.requireSuperuserAuth(),
)

routerAdd(
  'GET',
  '/api/mail/health',
  (e) => require(`${__hooks}/generated/server.cjs`).mail.routes.health(e),
  $apis.requireAuth('users', '_superusers'),
)
