// When to come back after a 429 (the middleware of pb_hooks/save-errors.pb.js, priority -1100,
// outside PocketBase's rate limiter so it sees the limiter's 429): Retry-After, in seconds, is
// the longest window of the rate-limit rules that apply to the request, so the next try is not
// refused for the same window; a refusal that noted when it ends (a daily cap, ip-caps.ts, also
// inside a batch; the sign-in throttle) says so instead.
import type { App, RequestEvent } from '../platform/events'
import { requestPath } from '../pages/index'
import { errorStatus } from './error-status'

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

/** The records-API action a request is, in the words of PocketBase's rate-limit tags. */
function actionOf(method: string, path: string): string {
  if (/\/(auth-with-[a-z]+|auth-refresh|request-otp)$/.test(path)) return 'auth'
  if (/\/records\/?$/.test(path)) return method === 'POST' ? 'create' : 'list'
  if (/\/records\/[^/]+$/.test(path)) {
    const actions: Record<string, string> = { GET: 'view', PATCH: 'update', DELETE: 'delete' }
    return actions[method] || ''
  }
  return ''
}

/** A rate-limit rule as PocketBase's settings hold it. */
export interface RateLimitRule {
  label: string
  duration: number
}

/**
 * Seconds until a refused request may succeed: the longest window among the rate-limit rules
 * that apply to it (path labels like `/api/batch` or `POST /api/newsletter/`, and tags like
 * `*:create` or `users:auth`), at least 1; the longest of all rules when none is recognised.
 */
export function retryAfterSeconds(rules: RateLimitRule[], method: string, path: string): number {
  const collection = /^\/api\/collections\/([^/]+)\//.exec(path)
  const action = collection ? actionOf(method, path) : ''
  let matched = 0
  let longest = 1
  for (const rule of rules) {
    longest = Math.max(longest, rule.duration)
    const byPath = /^(?:([A-Z]+)\s+)?(\/\S*)$/.exec(rule.label)
    const byTag = /^([^\s/:]+):([a-zA-Z]+)$/.exec(rule.label)
    const applies = byPath
      ? (!byPath[1] || byPath[1] === method) && path.indexOf(byPath[2]) === 0
      : Boolean(
          byTag &&
          collection &&
          (byTag[1] === '*' || byTag[1] === collection[1]) &&
          byTag[2] === action,
        )
    if (applies) matched = Math.max(matched, rule.duration)
  }
  return matched || longest
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
    }
    throw err
  }
}
