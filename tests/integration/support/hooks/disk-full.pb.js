/// <reference path="../../../../.pb-types/types.d.ts" />
// TEST ONLY, never in pb_hooks/: lets tests/integration/server-faults.test.ts fill the "disk".
// POST /api/test/disk-full {"full": true} caps the database at the pages it has now (SQLite's
// max_page_count on the one connection PocketBase writes through, after a VACUUM), so the next
// write that needs a page fails with SQLite's own "database or disk is full" (SQLITE_FULL),
// exactly as on a full disk; {"full": false} lifts the cap.
routerAdd(
  'POST',
  '/api/test/disk-full',
  (e) => {
    const body = e.requestInfo().body || {}
    const db = e.app.nonconcurrentDB()
    // Free pages inside the file (a dropped table's, e.g. after a migration) would still take
    // writes: give them back first, so "full" means no room at all.
    if (body.full) db.newQuery('VACUUM').execute()
    const row = new DynamicModel({ page_count: 0 })
    db.newQuery('PRAGMA page_count').one(row)
    const cap = body.full ? row.page_count : 1073741823
    db.newQuery(`PRAGMA max_page_count = ${cap}`).execute()
    return e.json(200, { maxPageCount: cap })
  },
  $apis.requireSuperuserAuth(),
)
