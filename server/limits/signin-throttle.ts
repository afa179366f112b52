// Password sign-in is throttled per account, on top of the per-IP rate limit (`*:auth`): an
// attacker spreading guesses over many addresses still gets SIGNIN_FAILURES_PER_ACCOUNT (10)
// wrong passwords per account every SIGNIN_THROTTLE_MINUTES (15), then every sign-in to that
// account answers 429 with Retry-After until the window ends - the right password too, or the
// throttle would be an oracle. Never a permanent lockout: the owner waits at most one window.
// The account is the e-mail typed, registered or not, so a real and an unknown account answer
// alike. A successful sign-in clears its count. Counts live in abuse_counters under a keyed
// hash of the e-mail (counters.ts).
import { SIGNIN_THROTTLE_DEFAULTS } from '../../src/config/limits'
import { messages } from '../../src/config/messages'
import type { RecordAuthWithPasswordRequestEvent } from '../platform/events'
import * as counters from './counters'
import { envCount } from './env-count'
import { errorStatus } from './error-status'
import { noteRetryAt } from './retry-after'

/** The auth-with-password hook of the users collection. */
export function throttleSignIn(e: RecordAuthWithPasswordRequestEvent): void {
  const failures = envCount('SIGNIN_FAILURES_PER_ACCOUNT', SIGNIN_THROTTLE_DEFAULTS.failures)
  const windowMs =
    envCount('SIGNIN_THROTTLE_MINUTES', SIGNIN_THROTTLE_DEFAULTS.windowMinutes) * 60 * 1000
  const identity = String(e.identity || '')
    .trim()
    .toLowerCase()
  const key = `signin:${e.collection.name}:${counters.hashOf(e.app, identity)}`
  const now = Date.now()

  const seen = counters.read(e.app, key, now)
  if (seen && seen.count >= failures) {
    // Retry-After is set from this by retry-after.ts (this hook has no response).
    noteRetryAt(e.app, e.realIP(), seen.expiresAt)
    throw new TooManyRequestsError(messages.loginTooMany, {})
  }
  try {
    e.next()
  } catch (err) {
    // A wrong password or an unknown account (PocketBase answers both with the same 400).
    if (errorStatus(err) === 400 || /failed to authenticate/i.test(String(err))) {
      try {
        counters.add(e.app, key, now + windowMs, now)
      } catch (countErr) {
        e.app.logger().error('sign-in throttle: could not count', 'error', String(countErr))
      }
    }
    throw err
  }
  if (seen) counters.remove(e.app, key)
}
