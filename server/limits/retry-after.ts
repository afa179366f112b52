// When to come back after a 429 (the middleware of pb_hooks/save-errors.pb.js, priority -1100,
// outside PocketBase's rate limiter so it sees the limiter's 429): Retry-After, in seconds, is
// the longest window of the rate-limit rules that apply to the request, so the next try is not
// refused for the same window; a refusal that noted when it ends (a daily cap, ip-caps.ts, also
// inside a batch; the sign-in throttle) says so instead. A batch that stopped at a create the
// limiter refused is answered 400 by PocketBase, with the 429 inside: it gets Retry-After too.
import type { App, RequestEvent } from '../platform/events'
import { requestPath } from '../pages/index'
import { errorStatus } from './error-status'
import { batchRetryAfterSeconds, limiterRefusedAt, retryAfterSeconds } from './retry-rules'
import type { SubRequest } from './retry-rules'

// A hook that refuses with 429 but cannot set the answer's headers (a record or auth hook) notes
// when to come back in the app's store; setRetryAfter turns it into Retry-After, also for a
// batch whose create was refused.
const RETRY_AT_KEY = 'request-limits:retry-at:'

/** Notes that the refusal of `ip` ends at `at` (ms). */
export function noteRetryAt(app: App, ip: string, at: number): void {
  app.store().set(`${RETRY_AT_KEY}${ip}`, at)
}

/** When the refusal just noted for `ip` ends (ms), or 0; read once. */
export function takeRetryAt(app: App, ip: string): number {
  const key = `${RETRY_AT_KEY}${ip}`
  const at = Number(app.store().get(key)) || 0
  if (at) app.store().remove(key)
  return at
}

/** Request `index` of a batch, as its body named it (PocketBase keeps the body to read again). */
function subRequest(e: RequestEvent, index: number): SubRequest | undefined {
  try {
    const body = e.requestInfo().body as { requests?: SubRequest[] } | undefined
    return (body && body.requests && body.requests[index]) || undefined
  } catch {
    return undefined
  }
}

/** The middleware: Retry-After on a 429 that does not carry one yet. */
export function setRetryAfter(e: RequestEvent, next: () => void = () => e.next()): void {
  try {
    return next()
  } catch (err) {
    const headers = e.response.header()
    const retryAt = takeRetryAt(e.app, e.realIP())
    if (headers.get('Retry-After')) throw err
    if (retryAt) {
      // A hook refused and said until when (a daily cap, even inside a batch; the sign-in
      // throttle): come back then.
      const seconds = Math.max(1, Math.ceil((retryAt - Date.now()) / 1000))
      headers.set('Retry-After', String(seconds))
    } else if (errorStatus(err) === 429 || /too many requests/i.test(String(err))) {
      const rules = e.app.settings().rateLimits.rules
      const seconds = retryAfterSeconds(rules, e.request.method, requestPath(e))
      headers.set('Retry-After', String(seconds))
    } else if (requestPath(e) === '/api/batch') {
      // Without it the outbox would try again in 2, 4, 8 s against a window of 10 (or 60).
      const refusedAt = limiterRefusedAt(err)
      if (refusedAt >= 0) {
        const rules = e.app.settings().rateLimits.rules
        const seconds = batchRetryAfterSeconds(rules, subRequest(e, refusedAt))
        headers.set('Retry-After', String(seconds))
      }
    }
    throw err
  }
}
