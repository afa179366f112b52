/// <reference path="../.pb-types/types.d.ts" />
// The middlewares every request passes, as two chains (server/main.ts `middlewares`), so a
// request holds two of PocketBase's JavaScript engines, not eight:
//   -99500, before PocketBase's own: the body limits and realtime slots
//     (server/limits/request-limits.ts), untrusted proxy headers dropped (limits/proxy.ts),
//     Retry-After on a 429 (limits/retry-after.ts), the security and cache headers
//     (pages/response-headers.ts; PocketBase's own are removed, headers.pb.js).
//   0, after PocketBase's own: a taken new e-mail answers like a free one
//     (limits/email-change-request.ts), records writes' input limits (limits/input-hooks.ts),
//     queries reaching a webhook secret refused (webhooks/secret-queries.ts), gzip for the
//     answers worth it, APP_GZIP=false switches it off (pages/compression.ts).
// The prerendered pages' answer is a middleware of its own inside these (pages.pb.js).

routerUse(
  new Middleware(
    (e) => require(`${__hooks}/generated/server.cjs`).middlewares.outer(e),
    -99500,
    'siteRequestLimits',
  ),
)
routerUse((e) => require(`${__hooks}/generated/server.cjs`).middlewares.inner(e))
