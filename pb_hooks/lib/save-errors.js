/// <reference path="../../.pb-types/types.d.ts" />
// The answer to a write that passed validation but failed (a full disk, a read-only or locked
// database): 503, so a client keeps the submission and tries again later. Used by
// pb_hooks/save-errors.pb.js and by the mail queue's transaction (pb_hooks/mail.pb.js).

/**
 * True for a write refused by a UNIQUE constraint (a record id or e-mail sent twice at once):
 * PocketBase turns that into its own 400 naming the field ("validation_not_unique", which the
 * outbox reads as "already delivered"), so it must pass through unchanged.
 * @param {unknown} err
 */
function isUniqueViolation(err) {
  return /unique/i.test(String(err))
}

/**
 * Logs why `record` could not be written and returns the 503 to throw instead.
 * @param {core.App} app
 * @param {core.Record} record
 * @param {unknown} err  what the save threw
 */
function unavailable(app, record, err) {
  try {
    app
      .logger()
      .error(
        'save failed after validation',
        'collection',
        record.collection().name,
        'recordId',
        record.id,
        'error',
        String(err),
      )
  } catch (_) {
    // the answer matters more than the log line
  }
  return new ApiError(503, 'The server could not save this right now. Please try again later.', {})
}

/**
 * The records-API action a request is, in the words of PocketBase's rate-limit tags.
 * @param {string} method
 * @param {string} path
 */
function actionOf(method, path) {
  if (/\/(auth-with-[a-z]+|auth-refresh|request-otp)$/.test(path)) return 'auth'
  if (/\/records\/?$/.test(path)) return method === 'POST' ? 'create' : 'list'
  if (/\/records\/[^/]+$/.test(path)) {
    /** @type {Record<string, string>} */
    const actions = { GET: 'view', PATCH: 'update', DELETE: 'delete' }
    return actions[method] || ''
  }
  return ''
}

/**
 * Seconds until a refused request may succeed: the longest window among the rate-limit rules
 * that apply to it (path labels like `/api/batch` or `POST /api/newsletter/`, and tags like
 * `*:create` or `users:auth`), at least 1; the longest of all rules when none is recognised.
 * @param {{ label: string, duration: number }[]} rules
 * @param {string} method
 * @param {string} path
 */
function retryAfterSeconds(rules, method, path) {
  const collection = /^\/api\/collections\/([^/]+)\//.exec(path)
  const action = collection ? actionOf(method, path) : ''
  let matched = 0
  let longest = 1
  for (const rule of rules) {
    longest = Math.max(longest, rule.duration)
    const byPath = /^(?:([A-Z]+)\s+)?(\/\S*)$/.exec(rule.label)
    const byTag = /^([^\s/:]+):([a-zA-Z]+)$/.exec(rule.label)
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

module.exports = { isUniqueViolation, retryAfterSeconds, unavailable }
