/// <reference path="../.pb-types/types.d.ts" />
// Request bodies are refused with 413 before they are read: above 256 KiB on the records API
// (/api/collections/...) and above 1 MiB on /api/batch (src/config/limits.ts). PocketBase's own
// limit is 32 MiB, and a parsed JSON body costs many times its size in memory: a few 30 MB
// creates at once took the process to gigabytes. A batch without a Content-Length answers 411. PocketBase's body-limit middleware compares
// Content-Length first (nothing is read) and caps what a body without one may stream.
// /api/batch gets the same limit from the batch settings (pb_migrations/1764000100_abuse_settings.js);
// it is repeated here so a settings change in the dashboard cannot lift it.

routerUse(
  new Middleware(
    (e) => {
      const method = e.request.method
      if (method !== 'POST' && method !== 'PATCH' && method !== 'PUT') return e.next()
      const path = e.request.url.path
      const { BATCH_BODY_MAX_BYTES, RECORD_BODY_MAX_BYTES } = require(`${__hooks}/lib/shared.cjs`)
      let limit = 0
      if (path === '/api/batch') limit = BATCH_BODY_MAX_BYTES
      else if (path.indexOf('/api/collections/') === 0) limit = RECORD_BODY_MAX_BYTES
      if (limit === 0) return e.next()
      // The batch handler reports a body cut off at the limit as an unreadable one (400), so a
      // batch must say its length (every browser and the SDK do).
      if (limit === BATCH_BODY_MAX_BYTES && e.request.contentLength < 0) {
        throw new ApiError(411, 'A batch request must declare its Content-Length.', {})
      }
      // Its handler checks the length and wraps the body, then calls e.next().
      return $apis.bodyLimit(limit).func(e)
    },
    // Before every other middleware of ours that reads the body (priority 0 by default).
    -900,
    'siteBodyLimit',
  ),
)
