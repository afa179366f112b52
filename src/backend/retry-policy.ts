// What the outbox does with each kind of server answer, and when it tries again. Pure: the
// clock and the randomness are passed in.
import type { DescribedError } from './errors'

export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_CAP_MS = 5 * 60_000
/** A Retry-After beyond this is treated as bogus and clamped. */
export const RETRY_AFTER_MAX_MS = 60 * 60_000

export type OutcomeAction = 'delivered' | 'failed' | 'retry'

/**
 * delivered: the server has the record (created now, or a duplicate id from an earlier send);
 * failed: the server refused this item for good (never retried automatically);
 * retry: the connection or the server is the problem, so the same request may succeed later.
 */
export function actionFor(error: DescribedError): OutcomeAction {
  if (error.kind === 'duplicate') return 'delivered'
  if (error.status === 0 || error.status === 408 || error.status === 429) return 'retry'
  if (error.status >= 400 && error.status < 500) return 'failed'
  return 'retry'
}

/**
 * Exponential back-off with jitter: attempt 1 waits 1-2 s, attempt 2 waits 2-4 s, ... capped
 * at 5 minutes. `random` is in [0, 1). A Retry-After from the server is a floor, never cut.
 */
export function backoffDelayMs(attempts: number, random: number, retryAfterMs?: number): number {
  const exponent = Math.max(0, attempts - 1)
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 30))
  const jittered = Math.round(ceiling * (0.5 + random * 0.5))
  if (retryAfterMs === undefined) return jittered
  return Math.max(Math.min(retryAfterMs, RETRY_AFTER_MAX_MS), jittered)
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(
  header: string | null | undefined,
  now: number,
): number | undefined {
  if (!header) return undefined
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}
