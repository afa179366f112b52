/// <reference path="../../../../.pb-types/types.d.ts" />
// TEST ONLY, never in pb_hooks/: stands in for the booking code that ties a scheduler booking to
// a person, calling the webhook events exactly as docs/webhooks.md tells it to; and runs the
// webhook log's daily cleanup at a time a test chooses.
// POST /api/test/call-booked {"email": "...", "booking": {...}} (superusers)
routerAdd(
  'POST',
  '/api/test/call-booked',
  (e) => {
    const body = e.requestInfo().body || {}
    /** @type {typeof import('../../../../pb_hooks/lib/webhook-events.js')} */
    const events = require(`${__hooks}/lib/webhook-events.js`)
    let sent = { eventId: '', queued: 0 }
    e.app.runInTransaction((txApp) => {
      sent = events.emitEvent(txApp, 'call.booked', () =>
        events.callBookedData(txApp, String(body.email || ''), body.booking || {}),
      )
    })
    return e.json(200, sent)
  },
  $apis.requireSuperuserAuth(),
)

// POST /api/test/webhook-log-cleanup {"now": ISO} (superusers): the daily log cleanup as if at
// `now` (the cron job runs it with the clock).
routerAdd(
  'POST',
  '/api/test/webhook-log-cleanup',
  (e) => {
    const body = e.requestInfo().body || {}
    /** @type {typeof import('../../../../pb_hooks/lib/webhook-log.js')} */
    const log = require(`${__hooks}/lib/webhook-log.js`)
    return e.json(200, { removed: log.removeOldLog(e.app, Date.parse(String(body.now))) })
  },
  $apis.requireSuperuserAuth(),
)
