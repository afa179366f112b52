// Running a record's save and the rows it causes in ONE transaction: the record's INSERT or
// UPDATE (the rest of the execute hook's chain, e.next()) and then `alongside`, so what it
// writes (a delivery, a webhook event, a moved audit) exists exactly when the change does.
// Inside a batch request the transaction joins the batch's.
import type { App, RecordEvent } from './events'
import { isUniqueViolation, unavailable } from './errors'

/** The save, then `alongside` with the transaction's app; either failing rolls both back. */
export function saveInTransaction(e: RecordEvent, alongside: (txApp: App) => void): void {
  e.app.runInTransaction((txApp) => {
    const outerApp = e.app
    e.app = txApp
    try {
      e.next()
    } finally {
      e.app = outerApp
    }
    alongside(txApp)
  })
}

/**
 * The same, answering a failed save as the project does: a unique-constraint refusal passes
 * through unchanged (PocketBase's 400 naming the field), anything else is the 503 a client
 * retries. PocketBase runs execute hooks in no fixed order, and an error that crossed this
 * transaction would otherwise reach the client as a bare 400.
 */
export function saveInTransactionOr503(e: RecordEvent, alongside: (txApp: App) => void): void {
  try {
    saveInTransaction(e, alongside)
  } catch (err) {
    if (isUniqueViolation(err)) throw err
    throw unavailable(e.app, e.record, err)
  }
}
