// A newsletter issue while it is written: new issues from the console's outbox start as drafts,
// and autosaved edits (newsletter_issue_edits) apply to their issue, newest first, until the send
// starts; the newest KEEP_EDITS edits of an issue are kept.
import type { App } from '../platform/events'
import { ISSUES, fieldError } from './issues'

const KEEP_EDITS = 20

/** A new issue from the console: a draft, whatever else was sent. */
export function prepareNewIssue(record: core.Record): void {
  record.set('status', 'draft')
  for (const field of ['slug', 'scheduledAt', 'startedAt', 'sentAt', 'lastError']) {
    record.set(field, '')
  }
  for (const field of ['pageHtml', 'mailHtml', 'mailText']) record.set(field, '')
  for (const field of ['recipients', 'delivered', 'failed', 'skipped']) record.set(field, 0)
  record.set('editedAt', new DateTime())
}

/** The issue an edit is for, if it may still change (draft or scheduled); else a 400 naming it. */
export function editableIssue(app: App, issueId: string): core.Record {
  let issue: core.Record
  try {
    issue = app.findRecordById(ISSUES, issueId)
  } catch {
    throw fieldError('issue', 'This issue no longer exists.', 'validation_missing_rel_records')
  }
  const status = issue.getString('status')
  if (status !== 'draft' && status !== 'scheduled') {
    throw fieldError(
      'issue',
      'This issue has been sent; it can no longer change.',
      'validation_issue_sent',
    )
  }
  return issue
}

/**
 * Applies an autosaved edit to its issue unless a newer one was applied already (two devices,
 * or an old edit sent late); keeps the newest KEEP_EDITS edits of the issue. Run inside the
 * edit's transaction.
 */
export function applyEdit(app: App, edit: core.Record): boolean {
  const issue = editableIssue(app, edit.getString('issue'))
  const editedAt = edit.getDateTime('editedAt')
  if (issue.getString('editedAt') && editedAt.before(issue.getDateTime('editedAt'))) return false
  issue.set('subject', edit.getString('subject'))
  issue.set('preheader', edit.getString('preheader'))
  issue.set('body', edit.getString('body'))
  issue.set('editedAt', editedAt)
  app.save(issue)
  app
    .db()
    .newQuery(
      'DELETE FROM newsletter_issue_edits WHERE issue = {:issue} AND id NOT IN ' +
        '(SELECT id FROM newsletter_issue_edits WHERE issue = {:issue} ORDER BY created DESC, id DESC LIMIT {:keep})',
    )
    .bind({ issue: issue.id, keep: KEEP_EDITS })
    .execute()
  return true
}
