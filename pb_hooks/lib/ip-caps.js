/// <reference path="../../.pb-types/types.d.ts" />
// What one IP address may store in a day (UTC): contact messages, audits and funnel events,
// each in ONE bucket whether they come one at a time or inside /api/batch (every sub-request
// passes the same record hook). The caps (IP_DAILY_CAP_DEFAULTS in src/config/limits.ts) can be
// changed with MESSAGES_PER_IP_PER_DAY, AUDITS_PER_IP_PER_DAY and EVENTS_PER_IP_PER_DAY. Past a
// cap the create answers 429 with Retry-After (seconds to the next UTC midnight) and the code
// DAILY_CAP_CODE in its data, so the browser's outbox keeps the item for later and sends the
// rest. Superusers and the rate limiter's excluded IPs are not counted.

const { DAILY_CAP_CODE, IP_DAILY_CAP_COLLECTIONS, IP_DAILY_CAP_DEFAULTS } = require('./shared.cjs')
const counters = require('./counters.js')
const { envNumber, isExcludedIp, noteRetryAt } = require('./request-limits.js')

const DAY_MS = 24 * 60 * 60 * 1000

/** @type {Record<string, string>} */
const ENV_NAMES = {
  messages: 'MESSAGES_PER_IP_PER_DAY',
  audits: 'AUDITS_PER_IP_PER_DAY',
  events: 'EVENTS_PER_IP_PER_DAY',
}

/** @type {Record<string, string>} */
const REFUSALS = {
  messages: 'Too many messages from your network today. Please try again tomorrow.',
  audits: 'Too many audits from your network today. Please try again tomorrow.',
  events: 'Too many funnel events from your network today.',
}

/**
 * The caps in force: { messages, audits, events } (the environment over the defaults).
 * @returns {Record<string, number>}
 */
function dailyCaps() {
  return {
    messages: envNumber(ENV_NAMES.messages, IP_DAILY_CAP_DEFAULTS.messages),
    audits: envNumber(ENV_NAMES.audits, IP_DAILY_CAP_DEFAULTS.audits),
    events: envNumber(ENV_NAMES.events, IP_DAILY_CAP_DEFAULTS.events),
  }
}

/** @param {number} now */
function nextUtcMidnight(now) {
  return Math.floor(now / DAY_MS) * DAY_MS + DAY_MS
}

/**
 * Counts one create of `collection` (or a bucket name) by the request `e` at `now` (ms). Returns
 * the counter's key (give it back with `giveBack` if the create then fails), or '' when nothing
 * was counted (not a capped collection, a superuser, an excluded IP). Throws the 429 past the cap.
 * @param {core.RequestEvent} e
 * @param {string} collection
 * @param {number} now
 */
function countCreate(e, collection, now) {
  const bucket =
    /** @type {Record<string, string>} */ (IP_DAILY_CAP_COLLECTIONS)[collection] ||
    (ENV_NAMES[collection] ? collection : '')
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
  // A record hook cannot set the answer's headers: pb_hooks/save-errors.pb.js sets Retry-After
  // from this (for a single create and for a batch that held one).
  noteRetryAt(e.app, ip, resetAt)
  throw new TooManyRequestsError(message, {
    daily: new ValidationError(DAILY_CAP_CODE, message),
  })
}

/**
 * Undoes a count of `countCreate` (the create failed after it). Never throws.
 * @param {core.App} app
 * @param {string} key
 */
function giveBack(app, key) {
  if (!key) return
  try {
    counters.giveBack(app, key)
  } catch (err) {
    app.logger().error('ip caps: could not give a count back', 'error', String(err))
  }
}

module.exports = { countCreate, dailyCaps, giveBack, nextUtcMidnight }
