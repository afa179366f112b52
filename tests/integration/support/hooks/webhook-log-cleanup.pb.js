/// <reference path="../../../../.pb-types/types.d.ts" />
// TEST ONLY, never in pb_hooks/: runs the webhook log's daily cleanup at a time a test chooses.
// POST /api/test/webhook-log-cleanup {"now": ISO} (superusers): the daily log cleanup as if at
// `now` (the cron job runs it with the clock).
routerAdd(
  'POST',
  '/api/test/webhook-log-cleanup',
  (e) => {
    const body = e.requestInfo().body || {}
    const { webhooks } = require(`${__hooks}/generated/server.cjs`)
    return e.json(200, { removed: webhooks.removeOldLog(e.app, Date.parse(String(body.now))) })
  },
  $apis.requireSuperuserAuth(),
)
