// What a request may cost, decided before anything reads it (the first step of the first
// middleware of all, the outer chain of pb_hooks/middlewares.pb.js, priority -99500):
//   - its body: every route has a limit in THE table of src/config/limits.ts (ROUTE_BODY_LIMITS),
//     with a smaller one for some collections' creates. A declared Content-Length over it answers
//     413 at once, nothing read; a body streamed without one is read here, before any other
//     middleware, and cut off at the limit (413) (on a superuser's route with a larger limit it
//     is cut off when its handler reads it); a route that reads no body refuses any; and a route
//     missing from the table refuses any body, with an error in the log naming it. PocketBase's
//     own default is 32 MiB, and a parsed JSON body costs several times its size: a few 30 MB
//     bodies at once took the process to gigabytes. A batch must declare its length (411): its
//     handler reports a body cut off at the limit as an unreadable one.
//   - a realtime (server-sent events) connection: at most REALTIME_PER_IP open from one address
//     and REALTIME_MAX_CONNECTIONS in all (realtime.ts); the rest answer 429.
// Each JavaScript middleware a request passes holds one of the hooks' engines while the request
// runs (a new one when the pool is busy), so a flood of big bodies or of connections is refused
// here, first, while holding one engine each and having loaded nothing but this area. (PocketBase's activity log does not see these
// refusals; the log line below names a route without a limit.)
import {
  COLLECTION_CREATE_BODY_LIMITS,
  RECORD_BODY_MAX_BYTES,
  ROUTE_BODY_LIMITS,
} from '../../src/config/limits'
import { setResponseHeaders } from '../pages/index'
import type { RequestEvent } from '../platform/events'
import { clientIp, isExcludedIp } from './proxy'
import { releaseRealtimeSlot, takeRealtimeSlot } from './realtime'

const RECORDS_CREATE = 'POST /api/collections/{collection}/records'

/** Where limitRequest leaves a large limit for PocketBase's own body limit (applyBodyLimit). */
const GO_BODY_LIMIT = 'siteBodyLimit'

/**
 * A body streamed without a Content-Length is read here when its route's limit is at most this
 * (every route anyone may call: the records API, sign-in, the site's own routes).
 */
const READ_HERE_MAX_BYTES = RECORD_BODY_MAX_BYTES

/**
 * The largest body the route `pattern` (the request's router pattern) reads, in bytes; 0 for a
 * route that reads none; -1 for a route missing from the table. `collection` is the
 * `{collection}` path value ('' when none).
 */
export function bodyLimitFor(pattern: string, collection: string): number {
  if (pattern === RECORDS_CREATE && collection) {
    const byCollection = COLLECTION_CREATE_BODY_LIMITS[collection]
    if (typeof byCollection === 'number') return byCollection
  }
  const limit = ROUTE_BODY_LIMITS[pattern]
  return typeof limit === 'number' ? limit : -1
}

/**
 * A body streamed without a Content-Length, read here to its end or to `limit` + 1 bytes, which
 * answers 413 at once. Read later, by the handler or a middleware inside this one, a slow sender
 * holds every JavaScript middleware between here and there (an engine each) while the bytes
 * trickle in: 50 of them at once took the server from 60 to 240-390 MB. A body within the limit
 * is kept: PocketBase's request body is re-readable, so the handler reads it again from the start.
 */
function readWhole(e: RequestEvent, limit: number, refuse: <T>(error: T) => T): void {
  let read: number
  try {
    read = toBytes(e.request.body, limit + 1).length
  } catch {
    throw refuse(new BadRequestError('The request body could not be read.', {}))
  }
  if (read > limit) throw refuse(new ApiError(413, 'The request body is too large.', {}))
}

/** The middleware: a body over its route's limit, or one realtime connection too many, refused. */
export function limitRequest(e: RequestEvent, next: () => void = () => e.next()): void {
  /** A refusal, with the headers every answer carries (their own middleware runs after this). */
  const refuse = <T>(error: T): T => {
    setResponseHeaders(e)
    return error
  }
  const pattern = e.request.pattern
  const length = e.request.contentLength
  if (length !== 0) {
    // PocketBase's catch-all (any method on a path no route has): the answer is a 404
    // whatever the body, which is never read.
    if (pattern === '/') throw refuse(new NotFoundError("The requested resource wasn't found.", {}))
    const limit = bodyLimitFor(pattern, e.request.pathValue('collection'))
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
    if (length < 0 && limit <= READ_HERE_MAX_BYTES) readWhole(e, limit, refuse)
    // A larger limit is a superuser's route (collections, backups) or the site admin's picture
    // upload: wrapped so no more than `limit` bytes are read, by its handler once the token is
    // checked (applyBodyLimit; server/site/images.ts refuses anyone else's upload first).
    else if (length < 0) e.set(GO_BODY_LIMIT, limit)
  }

  if (pattern !== 'GET /api/realtime') return next()
  const ip = clientIp(e)
  const exempt = isExcludedIp(e.app, ip)
  const refused = takeRealtimeSlot(e.app, ip, exempt)
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
    return next()
  } finally {
    releaseRealtimeSlot(e.app, ip)
  }
}

/**
 * The last step of the outer chain: a large body limit limitRequest left is applied by
 * PocketBase's own middleware, which calls the rest of PocketBase's chain itself.
 */
export function applyBodyLimit(e: RequestEvent, next: () => void = () => e.next()): void {
  const limit = Number(e.get(GO_BODY_LIMIT) || 0)
  if (limit > 0) return $apis.bodyLimit(limit).func(e)
  return next()
}
