// A create or update that passed validation but could not be written (a full disk, a read-only
// or locked database) answers 503, not PocketBase's `400 {"data":{}}`, which a client must read
// as "this submission is wrong" and give up on. The execute hooks of pb_hooks/save-errors.pb.js
// run after validation, around the database write itself.
import { isUniqueViolation, unavailable } from '../platform/errors'
import type { RecordEvent } from '../platform/events'

/** The write, with a failure that is not a unique-constraint refusal answered as a 503. */
export function answerFailedSave(e: RecordEvent): void {
  try {
    return e.next()
  } catch (err) {
    if (isUniqueViolation(err)) throw err
    throw unavailable(e.app, e.record, err)
  }
}
