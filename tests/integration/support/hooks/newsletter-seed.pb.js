/// <reference path="../../../../.pb-types/types.d.ts" />
// TEST AND BENCH ONLY, never in pb_hooks/: many newsletter subscriptions at once, in the state a
// test needs, without the sign-up path (its confirmation mails would fill the queue first).
// POST /api/test/newsletter-subscribers {"prefix": "reader", "count": 5000, "status": "active"}
// adds <prefix>-0@example.com ... in one statement. Superusers only.
routerAdd(
  'POST',
  '/api/test/newsletter-subscribers',
  (e) => {
    const body = e.requestInfo().body || {}
    const count = Math.max(0, Math.min(100000, Number(body.count) || 0))
    const status =
      ['pending', 'active', 'unsubscribed'].indexOf(body.status) >= 0 ? body.status : 'active'
    const now = new Date().toISOString().replace('T', ' ')
    const result = e.app
      .db()
      .newQuery(
        'WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < {:count}) ' +
          'INSERT INTO newsletter_subscriptions (id, email, source, userAgent, status, confirmedAt, requestedAt, created, updated) ' +
          "SELECT substr(lower(hex(randomblob(8))), 1, 15), {:prefix} || '-' || i || '@example.com', 'footer', '', " +
          "{:status}, CASE WHEN {:status} = 'pending' THEN '' ELSE {:now} END, {:now}, {:now}, {:now} FROM n",
      )
      .bind({ count, prefix: String(body.prefix || 'reader'), status, now })
      .execute()
    return e.json(200, { added: result.rowsAffected() })
  },
  $apis.requireSuperuserAuth(),
)
