// The console's edits of the draft as records, so they go through its outbox like its other
// changes and work with no signal: a site_edits create carries `changes` (top-level fields of the
// content, as PATCH /api/site/draft takes them), is checked and applied to the draft with the
// same rule, and is kept as the edit's record. A retried send of an edit already applied is
// answered as PocketBase answers a repeated id (the outbox counts it as delivered) and changes
// nothing again.
import { requireConsultant } from '../platform/auth'
import { badRequest } from '../platform/errors'
import type { RecordEvent, RecordRequestEvent } from '../platform/events'
import { saveInTransaction } from '../platform/transaction'
import { jsonValue } from '../platform/json'
import { isJsonObject } from '../platform/request'
import { findOrNull } from '../platform/sql'
import { changeDraft, changedDraft, whoAsks } from './routes'

export const EDITS = 'site_edits'

/** onRecordCreateRequest of site_edits: 400 naming each bad field, else the draft changed. */
export function applySiteEdit(e: RecordRequestEvent): void {
  requireConsultant(e, 'Only the site admin can change the site.')
  if (findOrNull(e.app, EDITS, e.record.id)) {
    throw badRequest('Failed to create record.', {
      id: ['validation_not_unique', 'Value must be unique.'],
    })
  }
  const body = e.requestInfo().body as Record<string, unknown>
  // A JSON field's value reaches the hook as raw bytes or text.
  const changes = jsonValue(body ? body.changes : null)
  if (!isJsonObject(changes)) {
    throw badRequest('Failed to create record.', {
      changes: ['validation_invalid_value', 'Send the fields to change as an object.'],
    })
  }
  // Checked before anything is written: a bad field is a 400 naming it.
  changedDraft(e.app, changes)
  const who = whoAsks(e)
  e.record.set('changes', JSON.stringify(changes))
  e.record.set('editedBy', who)
  // The edit's row and the draft commit together (or neither does).
  saveInTransaction(e as unknown as RecordEvent, (txApp) => changeDraft(txApp, changes, who))
}
