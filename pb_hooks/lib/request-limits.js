/// <reference path="../../.pb-types/types.d.ts" />
// What one request may cost before anything reads it (used by pb_hooks/request-limits.pb.js):
//   - the body limit of its route, from THE table in src/config/limits.ts (ROUTE_BODY_LIMITS,
//     bundled as lib/shared.cjs), with a smaller one for some collections' creates;
//   - a realtime (SSE) connection slot: at most a few open per IP and a total cap, counted in
//     the app's store (in memory: the connections end with the process anyway).

const {
  COLLECTION_CREATE_BODY_LIMITS,
  REALTIME_LIMIT_DEFAULTS,
  ROUTE_BODY_LIMITS,
} = require('./shared.cjs')

const RECORDS_CREATE = 'POST /api/collections/{collection}/records'

/**
 * The largest body the route `pattern` (the request's router pattern) reads, in bytes; 0 for a
 * route that reads none; -1 for a route missing from the table.
 * @param {string} pattern
 * @param {string} collection the `{collection}` path value ('' when none)
 * @returns {number}
 */
function bodyLimitFor(pattern, collection) {
  if (pattern === RECORDS_CREATE && collection) {
    const byCollection = COLLECTION_CREATE_BODY_LIMITS[collection]
    if (typeof byCollection === 'number') return byCollection
  }
  const limit = ROUTE_BODY_LIMITS[pattern]
  return typeof limit === 'number' ? limit : -1
}

/**
 * The visitor's address as the rest of the server will see it: X-Forwarded-For counts only on a
 * connection from one of TRUSTED_PROXY_IPS (pb_hooks/proxy.pb.js removes it from any other, but
 * this runs before that middleware).
 * @param {core.RequestEvent} e
 */
function clientIp(e) {
  const remote = e.remoteIP()
  if (e.app.settings().trustedProxy.headers.length === 0) return remote
  const { ipInList, trustedProxyIPs } = require('./deploy-config.js')
  return ipInList(remote, trustedProxyIPs()) ? e.realIP() : remote
}

/**
 * A whole number from the environment, or `fallback` when unset or not a number >= `min`.
 * @param {string} name
 * @param {number} fallback
 * @param {number} [min]
 */
function envNumber(name, fallback, min) {
  const text = String($os.getenv(name) || '').trim()
  const value = Number(text)
  const floor = typeof min === 'number' ? min : 1
  return text && isFinite(value) && value >= floor ? Math.floor(value) : fallback
}

/** The realtime limits in force (the environment over REALTIME_LIMIT_DEFAULTS). */
function realtimeLimits() {
  return {
    perIp: envNumber('REALTIME_PER_IP', REALTIME_LIMIT_DEFAULTS.perIp),
    total: envNumber('REALTIME_MAX_CONNECTIONS', REALTIME_LIMIT_DEFAULTS.total),
    idleSeconds: envNumber('REALTIME_IDLE_SECONDS', REALTIME_LIMIT_DEFAULTS.idleSeconds),
    maxMinutes: envNumber('REALTIME_MAX_MINUTES', REALTIME_LIMIT_DEFAULTS.maxMinutes),
  }
}

/**
 * True for an address the rate limiter is told to leave alone (Settings > Rate limits >
 * excluded IPs): the per-IP caps leave it alone too.
 * @param {core.App} app
 * @param {string} ip
 */
function isExcludedIp(app, ip) {
  const excluded = app.settings().rateLimits.excludedIPs || []
  for (let i = 0; i < excluded.length; i++) if (excluded[i] === ip) return true
  return false
}

// The open connections, { total, ips: { [ip]: count } }, as JSON under one key of the app's store:
// the store's setFunc holds its lock while the state is read and written, so connections opened
// at the same instant cannot all pass, and an address whose last connection closed is removed.
const REALTIME_KEY = 'request-limits:realtime'

/**
 * Changes the realtime state atomically with `change(state)`.
 * @param {core.App} app
 * @param {(state: { total: number, ips: Record<string, number> }) => void} change
 */
function updateRealtime(app, change) {
  app.store().setFunc(REALTIME_KEY, (old) => {
    let state = { total: 0, ips: {} }
    try {
      if (old) state = JSON.parse(String(old))
    } catch (_) {
      state = { total: 0, ips: {} }
    }
    change(state)
    return JSON.stringify(state)
  })
}

/**
 * Takes one realtime slot for `ip`. Returns '' when taken, else which cap refused it: 'ip' or
 * 'total'.
 * @param {core.App} app
 * @param {string} ip
 * @param {boolean} perIpExempt
 */
function takeRealtimeSlot(app, ip, perIpExempt) {
  const limits = realtimeLimits()
  let refused = ''
  updateRealtime(app, (state) => {
    const fromIp = state.ips[ip] || 0
    if (!perIpExempt && fromIp >= limits.perIp) refused = 'ip'
    else if (state.total >= limits.total) refused = 'total'
    else {
      state.total++
      state.ips[ip] = fromIp + 1
    }
  })
  return refused
}

/**
 * Gives back the slot `takeRealtimeSlot` took.
 * @param {core.App} app
 * @param {string} ip
 */
function releaseRealtimeSlot(app, ip) {
  updateRealtime(app, (state) => {
    state.total = Math.max(0, state.total - 1)
    const left = (state.ips[ip] || 0) - 1
    if (left > 0) state.ips[ip] = left
    else delete state.ips[ip]
  })
}

// A hook that refuses with 429 but cannot set the answer's headers (a record or auth hook) notes
// when to come back; pb_hooks/save-errors.pb.js turns it into Retry-After, also for a batch
// whose create was refused.
const RETRY_AT_KEY = 'request-limits:retry-at:'

/**
 * @param {core.App} app
 * @param {string} ip
 * @param {number} at when the refusal ends (ms)
 */
function noteRetryAt(app, ip, at) {
  app.store().set(`${RETRY_AT_KEY}${ip}`, at)
}

/**
 * When the refusal just noted for `ip` ends (ms), or 0; read once.
 * @param {core.App} app
 * @param {string} ip
 */
function takeRetryAt(app, ip) {
  const key = `${RETRY_AT_KEY}${ip}`
  const at = Number(app.store().get(key)) || 0
  if (at) app.store().remove(key)
  return at
}

module.exports = {
  bodyLimitFor,
  clientIp,
  noteRetryAt,
  takeRetryAt,
  envNumber,
  isExcludedIp,
  realtimeLimits,
  releaseRealtimeSlot,
  takeRealtimeSlot,
}
