// The funnel's visit token: handed out with a browser session's visit (POST /api/funnel/visit)
// and required on that session's `call_booked` step, so a guest cannot raise "calls booked"
// without a visit before it. It is `<issued>.<HMAC-SHA256 of issued>`, keyed by the generated
// secret `funnel_tokens` in app_secrets: the issue time rounded down to GRAIN_MS, the same for
// every visit in those seconds, so it names no browser; the server stores it nowhere. A step is
// accepted with a token at least FUNNEL_TOKEN_LIMITS.minAgeSeconds old (nobody books a call
// within seconds of landing) and at most maxAgeHours.
import type { App } from '../platform/events'
import { FUNNEL_TOKEN_LIMITS } from '../../src/config/limits'

export const GRAIN_MS = 10 * 1000
const TOKEN = /^([0-9a-z]{1,12})\.([0-9a-f]{64})$/

function signingKey(app: App): string {
  const store = app.store()
  let key = String(store.get('funnel-token:key') || '')
  if (!key) {
    key = app.findFirstRecordByData('app_secrets', 'name', 'funnel_tokens').getString('value')
    store.set('funnel-token:key', key)
  }
  return key
}

/** A token for a visit at `now` (ms). */
export function issueToken(app: App, now: number): string {
  const issued = Math.floor(now / GRAIN_MS) * GRAIN_MS
  return `${issued.toString(36)}.${$security.hs256(`funnel-visit:${issued}`, signingKey(app))}`
}

/** Why `token` does not prove a visit of this browser session at `now` (ms), or '' when it does. */
export function tokenProblem(app: App, token: unknown, now: number): string {
  const match = TOKEN.exec(typeof token === 'string' ? token : '')
  if (!match) return 'A booking is counted only after a visit of this site.'
  const issued = parseInt(match[1], 36)
  const expected = $security.hs256(`funnel-visit:${issued}`, signingKey(app))
  if (!$security.equal(expected, match[2]) || issued % GRAIN_MS !== 0) {
    return 'This visit token is not valid.'
  }
  const age = now - issued
  if (age < FUNNEL_TOKEN_LIMITS.minAgeSeconds * 1000) {
    return 'A booking this soon after the visit is not counted.'
  }
  if (age > FUNNEL_TOKEN_LIMITS.maxAgeHours * 60 * 60 * 1000) return 'This visit token has expired.'
  return ''
}
