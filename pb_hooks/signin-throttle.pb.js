/// <reference path="../.pb-types/types.d.ts" />
// Password sign-in is throttled per account, on top of the per-IP rate limit (`*:auth`): an
// attacker spreading guesses over many addresses still gets SIGNIN_FAILURES_PER_ACCOUNT (10)
// wrong passwords per account every SIGNIN_THROTTLE_MINUTES (15), then every sign-in to that
// account answers 429 with Retry-After until the window ends - the right password too, or the
// throttle would be an oracle. Never a permanent lockout: the owner waits at most one window.
// The account is the e-mail typed, registered or not, so a real and an unknown account answer
// alike. A successful sign-in clears its count. Counts live in abuse_counters under a keyed
// hash of the e-mail (lib/counters.js).

onRecordAuthWithPasswordRequest((e) => {
  const counters = /** @type {typeof import('./lib/counters.js')} */ (
    require(`${__hooks}/lib/counters.js`)
  )
  const { envNumber } = /** @type {typeof import('./lib/request-limits.js')} */ (
    require(`${__hooks}/lib/request-limits.js`)
  )
  const { SIGNIN_THROTTLE_DEFAULTS, messages } = /** @type {typeof import('./lib/shared.cjs')} */ (
    require(`${__hooks}/lib/shared.cjs`)
  )
  const failures = envNumber('SIGNIN_FAILURES_PER_ACCOUNT', SIGNIN_THROTTLE_DEFAULTS.failures)
  const windowMs =
    envNumber('SIGNIN_THROTTLE_MINUTES', SIGNIN_THROTTLE_DEFAULTS.windowMinutes) * 60 * 1000
  const identity = String(e.identity || '')
    .trim()
    .toLowerCase()
  const key = `signin:${e.collection.name}:${counters.hashOf(e.app, identity)}`
  const now = Date.now()

  const seen = counters.read(e.app, key, now)
  if (seen && seen.count >= failures) {
    // Retry-After is set from this by pb_hooks/save-errors.pb.js (this hook has no response).
    const requestLimits = /** @type {typeof import('./lib/request-limits.js')} */ (
      require(`${__hooks}/lib/request-limits.js`)
    )
    requestLimits.noteRetryAt(e.app, e.realIP(), seen.expiresAt)
    throw new TooManyRequestsError(messages.loginTooMany, {})
  }
  try {
    e.next()
  } catch (err) {
    const status = err && (err.status || (err.value && err.value.status))
    // A wrong password or an unknown account (PocketBase answers both with the same 400).
    if (status === 400 || /failed to authenticate/i.test(String(err))) {
      try {
        counters.add(e.app, key, now + windowMs, now)
      } catch (countErr) {
        e.app.logger().error('sign-in throttle: could not count', 'error', String(countErr))
      }
    }
    throw err
  }
  if (seen) counters.remove(e.app, key)
}, 'users')
