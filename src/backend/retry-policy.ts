// What the outbox does with each kind of server answer, and when it tries again. Pure: the
// clock and the randomness are passed in.
import { isDailyCapAnswer } from '../config/limits'
import type { DescribedError } from './errors'

export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_CAP_MS = 5 * 60_000
/** A Retry-After beyond this is treated as bogus and clamped. */
export const RETRY_AFTER_MAX_MS = 60 * 60_000

/**
 * How many times an answer that may not be about the item is tried (see isUncertainRefusal)
 * before the item is marked failed: with the back-off, about 8 minutes.
 */
export const UNCERTAIN_REFUSAL_MAX_ATTEMPTS = 8

export type OutcomeAction = 'delivered' | 'failed' | 'retry'

/**
 * A 4xx that may not be about this item: one without PocketBase's JSON error body (a proxy's or
 * captive portal's page: 403, 404, 413 ...), or a 400 naming no field (PocketBase says "Failed to
 * create record." with no field errors when it could not save). Tried again, a bounded number of
 * times, before the item is marked failed.
 */
export function isUncertainRefusal(error: DescribedError): boolean {
  if (error.status < 400 || error.status >= 500 || error.kind === 'duplicate') return false
  if (error.status === 408 || error.status === 429) return false
  if (error.fromPocketBase === false) return true
  return error.status === 400 && Object.keys(error.fieldErrors).length === 0
}

/**
 * A 429 from a daily cap on what one network may store (contact messages, audits or funnel
 * events, each its own cap): it is about that kind of item only, and lasts until the cap resets,
 * so items of other kinds are still sent.
 */
export function isDailyCap(error: DescribedError | undefined): boolean {
  return isDailyCapAnswer(error)
}

/**
 * delivered: the server has the record (created now, or a duplicate id from an earlier send);
 * failed: the server refused this item for good (never retried automatically);
 * retry: the connection or the server is the problem, so the same request may succeed later.
 */
export function actionFor(error: DescribedError): OutcomeAction {
  if (error.kind === 'duplicate') return 'delivered'
  if (error.status === 0 || error.status === 408 || error.status === 429) return 'retry'
  if (isUncertainRefusal(error)) return 'retry'
  if (error.status >= 400 && error.status < 500) return 'failed'
  return 'retry'
}

/**
 * The longest wait the policy ever sets after `error`: a Retry-After the server asked for (up to
 * RETRY_AFTER_MAX_MS), else the back-off cap. A stored wait longer than this means the clock was
 * moved back since it was set.
 */
export function longestWaitMs(error: DescribedError | undefined): number {
  const asked = error?.retryAfterSeconds
  if (asked === undefined) return BACKOFF_CAP_MS
  return Math.max(BACKOFF_CAP_MS, Math.min(asked * 1000, RETRY_AFTER_MAX_MS))
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
