/// <reference path="../../.pb-types/types.d.ts" />
// The answer to a write that passed validation but failed (a full disk, a read-only or locked
// database): 503, so a client keeps the submission and tries again later. Used by
// pb_hooks/save-errors.pb.js and by the mail queue's transaction (pb_hooks/mail.pb.js).

/**
 * True for a write refused by a UNIQUE constraint (a record id or e-mail sent twice at once):
 * PocketBase turns that into its own 400 naming the field ("validation_not_unique", which the
 * outbox reads as "already delivered"), so it must pass through unchanged.
 */
function isUniqueViolation(err) {
  return /unique/i.test(String(err))
}

/**
 * Logs why `record` could not be written and returns the 503 to throw instead.
 * @param {core.App} app
 * @param {core.Record} record
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

module.exports = { isUniqueViolation, unavailable }
