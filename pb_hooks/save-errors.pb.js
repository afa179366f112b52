/// <reference path="../.pb-types/types.d.ts" />
// Failures that are not the visitor's fault are told apart from bad input:
//   - a create or update that passed validation but could not be written (a full disk, a
//     read-only or locked database) answers 503, not PocketBase's `400 {"data":{}}`, which a
//     client must read as "this submission is wrong" and give up on (the mail queue's own
//     transaction, whose commit can fail too, answers the same: pb_hooks/mail.pb.js);
//   - a 429 from the rate limiter says when to come back (Retry-After, in seconds: the longest
//     window of the rate-limit rules that apply to the request, so the next try is not refused
//     for the same window); a refusal that noted when it ends (a daily cap, lib/ip-caps.js,
//     also inside a batch; the sign-in throttle) says so instead.

// The execute hooks run after validation, around the database write itself.
onRecordCreateExecute((e) => {
  try {
    return e.next()
  } catch (err) {
    const saveErrors = /** @type {typeof import('./lib/save-errors.js')} */ (
      require(`${__hooks}/lib/save-errors.js`)
    )
    if (saveErrors.isUniqueViolation(err)) throw err
    throw saveErrors.unavailable(e.app, e.record, err)
  }
})

onRecordUpdateExecute((e) => {
  try {
    return e.next()
  } catch (err) {
    const saveErrors = /** @type {typeof import('./lib/save-errors.js')} */ (
      require(`${__hooks}/lib/save-errors.js`)
    )
    if (saveErrors.isUniqueViolation(err)) throw err
    throw saveErrors.unavailable(e.app, e.record, err)
  }
})

routerUse(
  new Middleware(
    (e) => {
      try {
        return e.next()
      } catch (err) {
        const headers = e.response.header()
        const { takeRetryAt } = /** @type {typeof import('./lib/request-limits.js')} */ (
          require(`${__hooks}/lib/request-limits.js`)
        )
        const retryAt = takeRetryAt(e.app, e.realIP())
        if (headers.get('Retry-After')) throw err
        const status = err && (err.status || (err.value && err.value.status))
        if (retryAt) {
          // A hook refused and said until when (a daily cap, even inside a batch; the sign-in
          // throttle): come back then.
          const seconds = Math.max(1, Math.ceil((retryAt - Date.now()) / 1000))
          headers.set('Retry-After', String(seconds))
        } else if (status === 429 || /too many requests/i.test(String(err))) {
          const { retryAfterSeconds } = /** @type {typeof import('./lib/save-errors.js')} */ (
            require(`${__hooks}/lib/save-errors.js`)
          )
          const rules = e.app.settings().rateLimits.rules
          const seconds = retryAfterSeconds(rules, e.request.method, e.request.url.path)
          headers.set('Retry-After', String(seconds))
        }
        throw err
      }
    },
    // Outside PocketBase's rate limiter, so it sees the limiter's 429.
    -1100,
    'retryAfterOn429',
  ),
)
