/// <reference path="../.pb-types/types.d.ts" />
// What a request may cost, decided before anything reads it (lib/request-limits.js):
//   - its body: every route has a limit in THE table of src/config/limits.ts (ROUTE_BODY_LIMITS).
//     A declared Content-Length over it answers 413 at once, nothing read; a body streamed
//     without one is cut off at the limit (413); a route that reads no body refuses any; and a
//     route missing from the table refuses any body, with an error in the log naming it.
//     PocketBase's own default is 32 MiB, and a parsed JSON body costs several times its size:
//     a few 30 MB bodies at once took the process to gigabytes. A batch must declare its length
//     (411): its handler reports a body cut off at the limit as an unreadable one.
//   - a realtime (server-sent events) connection: at most REALTIME_PER_IP open from one address
//     and REALTIME_MAX_CONNECTIONS in all; the rest answer 429. Each open connection holds every
//     JavaScript middleware's VM for its lifetime, so each costs memory (see `npm run bench`).
//     Idle and long-lived connections are closed by the hook below.
//
// Priority -99500: first of all, before any other middleware of ours or PocketBase's. Each
// JavaScript middleware a request passes holds one of the hooks' engines while the request runs
// (a new one when the pool is busy), so a flood of big bodies or of connections is refused here
// while holding one engine each, not several. (PocketBase's activity log does not see these
// refusals; the log line below names a route without a limit.)

routerUse(
  new Middleware(
    (e) => {
      const limits = /** @type {typeof import('./lib/request-limits.js')} */ (
        require(`${__hooks}/lib/request-limits.js`)
      )
      /** A refusal, with the headers every answer carries (headers.pb.js runs after this). */
      const refuse = (/** @type {router.ApiError} */ error) => {
        const responseHeaders = /** @type {typeof import('./lib/response-headers.js')} */ (
          require(`${__hooks}/lib/response-headers.js`)
        )
        responseHeaders.setResponseHeaders(e)
        return error
      }
      const pattern = e.request.pattern
      const length = e.request.contentLength
      if (length !== 0) {
        // PocketBase's catch-all (any method on a path no route has): the answer is a 404
        // whatever the body, which is never read.
        if (pattern === '/')
          throw refuse(new NotFoundError("The requested resource wasn't found.", {}))
        const limit = limits.bodyLimitFor(pattern, e.request.pathValue('collection'))
        if (limit < 0) {
          e.app
            .logger()
            .error(
              'request limits: a route without a body limit refused a body; add it to ROUTE_BODY_LIMITS in src/config/limits.ts',
              'route',
              pattern,
            )
          throw refuse(new ApiError(413, 'This route takes no request body.', {}))
        }
        if (limit === 0) throw refuse(new ApiError(413, 'This route takes no request body.', {}))
        if (length > limit) throw refuse(new ApiError(413, 'The request body is too large.', {}))
        if (length < 0 && pattern === 'POST /api/batch') {
          throw refuse(new ApiError(411, 'A batch request must declare its Content-Length.', {}))
        }
        // Wraps the body so no more than `limit` bytes are read, then calls e.next().
        if (length < 0) return $apis.bodyLimit(limit).func(e)
      }

      if (pattern !== 'GET /api/realtime') return e.next()
      const ip = limits.clientIp(e)
      const exempt = limits.isExcludedIp(e.app, ip)
      const refused = limits.takeRealtimeSlot(e.app, ip, exempt)
      if (refused) {
        e.response.header().set('Retry-After', '60')
        throw refuse(
          new TooManyRequestsError(
            refused === 'ip'
              ? 'Too many live connections from your address.'
              : 'Too many live connections right now.',
            {},
          ),
        )
      }
      try {
        return e.next()
      } finally {
        limits.releaseRealtimeSlot(e.app, ip)
      }
    },
    -99500,
    'siteRequestLimits',
  ),
)

// An idle connection (nothing sent for REALTIME_IDLE_SECONDS) and any connection older than
// REALTIME_MAX_MINUTES are closed; a forgotten tab or a client that vanished without closing
// does not keep its slot. PocketBase's SDK reconnects by itself when it still needs the stream.
onRealtimeConnectRequest((e) => {
  const { realtimeLimits } = /** @type {typeof import('./lib/request-limits.js')} */ (
    require(`${__hooks}/lib/request-limits.js`)
  )
  const limits = realtimeLimits()
  // time.Duration, in nanoseconds.
  e.idleTimeout = /** @type {any} */ (limits.idleSeconds * 1e9)
  e.maxTimeout = /** @type {any} */ (limits.maxMinutes * 60 * 1e9)
  return e.next()
})
