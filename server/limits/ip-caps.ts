// What one IP address may store in a day (UTC): contact messages, audits and funnel events,
// each in ONE bucket whether they come one at a time or inside /api/batch (every sub-request
// passes the same record hook). The caps (IP_DAILY_CAP_DEFAULTS in src/config/limits.ts) can be
// changed with MESSAGES_PER_IP_PER_DAY, AUDITS_PER_IP_PER_DAY and EVENTS_PER_IP_PER_DAY. Past a
// cap the create answers 429 with Retry-After (seconds to the next UTC midnight) and the code
// DAILY_CAP_CODE in its data, so the browser's outbox keeps the item for later and sends the
// rest. Superusers and the rate limiter's excluded IPs are not counted. A create that counted and
// then fails gives its count back. Expired counters are deleted every hour; POST
// /api/limits/prune {"now"?: ISO} (superusers) does it now, as if at `now`, so tests move to the
// next day instead of waiting for it.
import {
  DAILY_CAP_CODE,
  IP_DAILY_CAP_COLLECTIONS,
  IP_DAILY_CAP_DEFAULTS,
} from '../../src/config/limits'
import type { App, RecordRequestEvent, RequestEvent } from '../platform/events'
import { noStore, requestedNow } from '../platform/request'
import * as counters from './counters'
import { envCount } from './env-count'
import { isExcludedIp } from './proxy'
import { noteRetryAt } from './retry-after'

const DAY_MS = 24 * 60 * 60 * 1000

/** A daily bucket: what is counted. */
export type CapBucket = keyof typeof IP_DAILY_CAP_DEFAULTS

const ENV_NAMES: Record<CapBucket, string> = {
  messages: 'MESSAGES_PER_IP_PER_DAY',
  audits: 'AUDITS_PER_IP_PER_DAY',
  events: 'EVENTS_PER_IP_PER_DAY',
}

const REFUSALS: Record<CapBucket, string> = {
  messages: 'Too many messages from your network today. Please try again tomorrow.',
  audits: 'Too many audits from your network today. Please try again tomorrow.',
  events: 'Too many funnel events from your network today.',
}

/** The caps in force (the environment over the defaults). */
export function dailyCaps(): Record<CapBucket, number> {
  return {
    messages: envCount(ENV_NAMES.messages, IP_DAILY_CAP_DEFAULTS.messages),
    audits: envCount(ENV_NAMES.audits, IP_DAILY_CAP_DEFAULTS.audits),
    events: envCount(ENV_NAMES.events, IP_DAILY_CAP_DEFAULTS.events),
  }
}

/** The next midnight (UTC) after `now` (ms), when the day's counts start again. */
export function nextUtcMidnight(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS + DAY_MS
}

/** The bucket a create of `collection` (or a bucket named itself) counts in, or ''. */
function bucketOf(collection: string): CapBucket | '' {
  const byCollection: Record<string, CapBucket> = IP_DAILY_CAP_COLLECTIONS
  if (Object.prototype.hasOwnProperty.call(byCollection, collection)) {
    return byCollection[collection]
  }
  return Object.prototype.hasOwnProperty.call(ENV_NAMES, collection)
    ? (collection as CapBucket)
    : ''
}

/**
 * Counts one create of `collection` (or a bucket name) by the request `e` at `now` (ms). Returns
 * the counter's key (give it back with `giveBack` if the create then fails), or '' when nothing
 * was counted (not a capped collection, a superuser, an excluded IP). Throws the 429 past the cap.
 */
export function countCreate(
  e: RequestEvent | RecordRequestEvent,
  collection: string,
  now: number,
): string {
  const bucket = bucketOf(collection)
  if (!bucket || e.hasSuperuserAuth()) return ''
  const ip = e.realIP()
  if (!ip || isExcludedIp(e.app, ip)) return ''
  const day = new Date(now).toISOString().slice(0, 10)
  const key = `ip-day:${bucket}:${day}:${counters.hashOf(e.app, ip)}`
  const resetAt = nextUtcMidnight(now)
  let count = 0
  try {
    count = counters.take(e.app, key, dailyCaps()[bucket], resetAt, now)
  } catch (err) {
    // The count could not be written (a full disk...): not the visitor's fault.
    e.app.logger().error('ip caps: could not count a create', 'error', String(err))
    throw new ApiError(503, 'The server could not save this right now. Please try again later.', {})
  }
  if (count > 0) return key
  const message = REFUSALS[bucket]
  // A record hook cannot set the answer's headers: retry-after.ts sets Retry-After from this
  // (for a single create and for a batch that held one).
  noteRetryAt(e.app, ip, resetAt)
  throw new TooManyRequestsError(message, {
    daily: new ValidationError(DAILY_CAP_CODE, message),
  })
}

/** Undoes a count of `countCreate` (the create failed after it). Never throws. */
export function giveBack(app: App, key: string): void {
  if (!key) return
  try {
    counters.giveBack(app, key)
  } catch (err) {
    app.logger().error('ip caps: could not give a count back', 'error', String(err))
  }
}

/** The record hook: a create of a capped collection counts, and gives its count back if it fails. */
export function countCappedCreate(e: RecordRequestEvent): void {
  const key = countCreate(e, e.collection.name, Date.now())
  if (!key) return e.next()
  try {
    return e.next()
  } catch (err) {
    giveBack(e.app, key)
    throw err
  }
}

/** The hourly job: expired counters deleted. */
export function pruneExpiredCounters(): void {
  try {
    counters.prune($app as unknown as App, Date.now())
  } catch (err) {
    $app.logger().error('counters: prune failed', 'error', String(err))
  }
}

/** POST /api/limits/prune {"now"?: ISO}: expired counters deleted now, as if at `now`. */
export function pruneCountersNow(e: RequestEvent): void {
  const now = requestedNow(e) ?? Date.now()
  noStore(e)
  return e.json(200, { pruned: counters.prune(e.app, now) })
}
