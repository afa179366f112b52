/// <reference path="../../.pb-types/types.d.ts" />
// Errors a kind's `render` throws: `permanent` ones (the record is gone, the delivery makes no
// sense any more) fail the row at once; any other error is retried like a transport fault.

/**
 * An error retrying cannot fix.
 * @param {string} message
 * @returns {Error & { permanent: true }}
 */
function permanentError(message) {
  const err = /** @type {Error & { permanent: true }} */ (new Error(message))
  err.permanent = true
  return err
}

/**
 * @param {unknown} err
 * @returns {boolean}
 */
function isPermanent(err) {
  return (
    !!err &&
    typeof err === 'object' &&
    /** @type {{ permanent?: boolean }} */ (err).permanent === true
  )
}

/**
 * The text of a JS or Go error, without goja's "GoError: " prefix.
 * @param {unknown} err
 * @returns {string}
 */
function errorText(err) {
  const raw =
    err && typeof err === 'object' && 'message' in err
      ? String(/** @type {{ message: unknown }} */ (err).message)
      : String(err)
  const text = raw.replace(/^GoError:\s*/, '').trim()
  return text || 'unknown error'
}

module.exports = { permanentError, isPermanent, errorText }
