// How long a refused request should wait, from the rate-limit rules alone: plain functions, no
// PocketBase globals, so the unit tests run them as the server does (server/limits/retry-after.ts
// sets the header with them).
import { stoppedBatchRequest } from '../../src/config/batch-answer'
import { errorStatus } from './error-status'

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

/** A rule's label as a tag: `*:create`, `users:auth` (collection, then action). */
const TAG_LABEL = /^([^\s/:]+):([a-zA-Z]+)$/

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
    const byTag = TAG_LABEL.exec(rule.label)
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

/** A request inside `/api/batch`, as its body names it. */
export interface SubRequest {
  method?: string
  url?: string
}

/**
 * Seconds until a batch stopped at a request the rate limiter refused may succeed: the window of
 * the rules for that request (`*:create`, or `events:create` for a funnel event). When the request
 * cannot be read, the longest window of the batch's rules and every create rule.
 */
export function batchRetryAfterSeconds(rules: RateLimitRule[], refused?: SubRequest): number {
  if (refused && typeof refused.url === 'string' && refused.url) {
    const path = refused.url.split('?')[0]
    return retryAfterSeconds(rules, (refused.method || 'POST').toUpperCase(), path)
  }
  let longest = retryAfterSeconds(rules, 'POST', '/api/batch')
  for (const rule of rules) {
    const tag = TAG_LABEL.exec(rule.label)
    if (tag && tag[2] === 'create') longest = Math.max(longest, rule.duration)
  }
  return longest
}

/**
 * For PocketBase's answer to a batch that stopped at a request the rate limiter refused (a 400
 * whose `data.requests[index].response.status` is 429): that request's index; else -1.
 */
export function limiterRefusedAt(err: unknown): number {
  if (errorStatus(err) !== 400 || !err || typeof err !== 'object') return -1
  const { data, value } = err as { data?: unknown; value?: { data?: unknown } | null }
  const stopped = stoppedBatchRequest(data || (value && value.data))
  return stopped && stopped.response.status === 429 ? stopped.index : -1
}
