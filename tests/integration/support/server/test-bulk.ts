// TEST ONLY, never in server/: an area of the test's own, with a bulk kind (registered with the
// queue as a feature's kinds are) and the routes that drive the queue's fan-out and cancel, for
// tests/integration/mail-priority.test.ts, which builds it into a scratch copy of the server
// (scripts/build-server.mjs) and registers the routes with hooks/test-bulk.pb.js:
//   POST /api/test/bulk {issue, count}        -> { queued } (enqueueMany of `count` readers)
//   POST /api/test/bulk-cancel {issue}        -> { cancelled }
import type { RequestEvent } from '../../../../server/platform/events'
import { jsonBody } from '../../../../server/platform/request'
import { cancel, enqueueMany, type DeliveryKind } from '../../../../server/queue/index'

/** The test's one kind: a bulk mail, like a newsletter copy. */
export const kinds: Record<string, DeliveryKind> = {
  test_bulk: {
    channel: 'mail',
    class: 'bulk',
    render(_app, row) {
      return {
        subject: `Bulk issue for ${row.recipient}`,
        html: `<p>Bulk ${row.id}</p>`,
        text: `Bulk ${row.id}`,
      }
    },
  },
}

/** POST /api/test/bulk {issue, count}: `count` readers of the issue in one fan-out. */
export function bulk(e: RequestEvent) {
  const body = jsonBody(e)
  const queued = enqueueMany(e.app, {
    kind: 'test_bulk',
    select:
      'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {:count}) ' +
      "SELECT 'reader' || i || '-' || {:issue} || '@example.com' AS recipient, '' AS sourceId, " +
      "'test_bulk:' || {:issue} || ':' || i AS uniqueKey FROM n",
    params: { count: Number(body.count) || 0, issue: String(body.issue || '') },
  })
  return e.json(200, { queued })
}

/** POST /api/test/bulk-cancel {issue}: the issue's waiting copies cancelled. */
export function bulkCancel(e: RequestEvent) {
  const body = jsonBody(e)
  const cancelled = cancel(
    e.app,
    { uniqueKeyPrefix: `test_bulk:${String(body.issue || '')}:` },
    'The issue was withdrawn.',
  )
  return e.json(200, { cancelled })
}

export const routes = { bulk, bulkCancel }
