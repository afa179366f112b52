/// <reference path="../../../../.pb-types/types.d.ts" />
// TEST ONLY, never in pb_hooks/: drives the queue's fan-out and cancel for
// tests/integration/mail-priority.test.ts (superusers only).
//   POST /api/test/bulk {issue, count}        -> { queued } (enqueueMany of `count` readers)
//   POST /api/test/bulk-cancel {issue}        -> { cancelled }

routerAdd(
  'POST',
  '/api/test/bulk',
  (e) => {
    const deliveries = require(`${__hooks}/lib/deliveries.js`)
    const body = e.requestInfo().body || {}
    const queued = deliveries.enqueueMany(e.app, {
      kind: 'test_bulk',
      select:
        'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {:count}) ' +
        "SELECT 'reader' || i || '-' || {:issue} || '@example.com' AS recipient, '' AS sourceId, " +
        "'test_bulk:' || {:issue} || ':' || i AS uniqueKey FROM n",
      params: { count: Number(body.count) || 0, issue: String(body.issue || '') },
    })
    return e.json(200, { queued })
  },
  $apis.requireSuperuserAuth(),
)

routerAdd(
  'POST',
  '/api/test/bulk-cancel',
  (e) => {
    const deliveries = require(`${__hooks}/lib/deliveries.js`)
    const body = e.requestInfo().body || {}
    const cancelled = deliveries.cancel(
      e.app,
      { uniqueKeyPrefix: `test_bulk:${String(body.issue || '')}:` },
      'The issue was withdrawn.',
    )
    return e.json(200, { cancelled })
  },
  $apis.requireSuperuserAuth(),
)
