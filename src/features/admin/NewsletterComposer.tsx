// Writing one issue: subject, preview text and the Markdown body, autosaved through the outbox
// (kept on this device with no signal), a live preview in the mail's real look, a test copy to
// the consultant, and Send (with the active subscribers counted and a confirmation) or a
// schedule on the consultant's clock.
import { useId, useState } from 'react'
import { pb } from '../../backend/client'
import { describeError } from '../../backend/errors'
import {
  deleteIssue,
  scheduleIssue,
  sendIssue,
  sendTestCopy,
  type NewsletterIssue,
  type NewsletterSettings,
} from '../../backend/newsletter-issues-api'
import { useOnline } from '../../offline/online'
import { discardOutboxItem, retryOutboxItem } from '../../offline/app-outbox'
import type { PendingIssueDraft } from '../../offline/newsletter-drafts'
import { Modal } from '../../components/Modal'
import { textLimits } from '../../config/limits'
import type { IssueContent } from '../../content/issue-preview'
import { NewsletterPreview } from './NewsletterPreview'
import { formatDateTime } from './format'
import { parsePbDate } from '../../config/dates'
import { useAutosave } from './use-newsletter'

const limits = textLimits.newsletter_issues

export interface ComposerProps {
  issueId: string
  /** The server's copy; null while the new issue has not reached the server. */
  issue: NewsletterIssue | null
  draft: PendingIssueDraft | undefined
  settings: NewsletterSettings | undefined
  onChanged: () => void
  onClosed: () => void
}

export function NewsletterComposer(props: ComposerProps) {
  const { issueId, issue, draft, settings } = props
  const id = useId()
  const [content, setContent] = useState<IssueContent>(() =>
    draft
      ? draft.content
      : {
          subject: issue?.subject ?? '',
          preheader: issue?.preheader ?? '',
          body: issue?.body ?? '',
        },
  )
  const { problem } = useAutosave(issueId, content)
  const change = (field: keyof IssueContent) => (value: string) =>
    setContent((before) => ({ ...before, [field]: value }))

  return (
    <div className="nl-compose">
      <div className="nl-compose__editor">
        <SaveLine draft={draft} problem={problem} />
        {issue?.lastError && (
          <p className="nl-notice nl-notice--problem" role="alert">
            {issue.lastError}
          </p>
        )}
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input
          id={`${id}-subject`}
          type="text"
          value={content.subject}
          maxLength={limits.subject}
          onChange={(event) => change('subject')(event.target.value)}
        />
        <label htmlFor={`${id}-preheader`}>Preview text</label>
        <p className="nl-help" id={`${id}-preheader-help`}>
          The line inboxes show after the subject.
        </p>
        <input
          id={`${id}-preheader`}
          type="text"
          value={content.preheader}
          maxLength={limits.preheader}
          aria-describedby={`${id}-preheader-help`}
          onChange={(event) => change('preheader')(event.target.value)}
        />
        <label htmlFor={`${id}-body`}>Body (Markdown)</label>
        <p className="nl-help" id={`${id}-body-help`}>
          Markdown: <code>## Heading</code>, <code>**bold**</code>, <code>*italic*</code>,{' '}
          <code>- list item</code>, <code>[link text](https://...)</code>,{' '}
          <code>![image description](https://...)</code>. HTML is shown as text.
        </p>
        <textarea
          id={`${id}-body`}
          rows={18}
          value={content.body}
          maxLength={limits.body}
          aria-describedby={`${id}-body-help`}
          onChange={(event) => change('body')(event.target.value)}
        />
        <SendActions {...props} content={content} />
      </div>
      {settings ? (
        <NewsletterPreview frame={settings.frame} content={content} />
      ) : (
        <p className="admin-state">The preview appears once the server has answered once.</p>
      )}
    </div>
  )
}

function SaveLine({ draft, problem }: { draft: PendingIssueDraft | undefined; problem: string }) {
  const online = useOnline()
  let text = 'All changes saved.'
  if (problem) text = problem
  else if (draft?.failed)
    text = `Could not be saved: ${draft.problem ?? 'the server refused this draft.'}`
  else if (draft && !online) text = "Saved on this device. It will be sent when you're back online."
  else if (draft) text = 'Saving...'
  return (
    <div className="nl-save">
      <p
        className={
          draft?.failed || problem ? 'nl-save__text nl-save__text--problem' : 'nl-save__text'
        }
        role="status"
      >
        {text}
      </p>
      {draft?.failed && (
        <span className="nl-save__actions">
          <button
            type="button"
            className="btn btn-secondary admin-btn-small"
            onClick={() => draft.itemIds.forEach((item) => void retryOutboxItem(item))}
          >
            Retry
          </button>
          <button
            type="button"
            className="btn btn-secondary admin-btn-small"
            onClick={() => draft.itemIds.forEach((item) => void discardOutboxItem(item))}
          >
            Discard
          </button>
        </span>
      )}
    </div>
  )
}

type Dialog = 'none' | 'send' | 'schedule' | 'delete'

function SendActions({
  issueId,
  issue,
  draft,
  settings,
  content,
  onChanged,
  onClosed,
}: ComposerProps & { content: IssueContent }) {
  const id = useId()
  const online = useOnline()
  const [dialog, setDialog] = useState<Dialog>('none')
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState('')
  const [at, setAt] = useState('')

  const onServer = issue !== null && !draft
  const empty = !content.subject.trim() || !content.body.trim()
  const canSend = settings?.canSend ?? false
  const waitReason = !online
    ? 'You are offline: the draft is kept here, and sending waits for a connection.'
    : !onServer
      ? 'Saving the draft first...'
      : empty
        ? 'Write a subject and the newsletter first.'
        : ''

  async function run(action: () => Promise<string>) {
    setBusy(true)
    setProblem('')
    setNote('')
    try {
      setNote(await action())
      onChanged()
    } catch (err) {
      setProblem(describeError(err).serverMessage || 'That did not work. Please try again.')
    } finally {
      setBusy(false)
    }
  }

  const scheduled = issue?.status === 'scheduled'

  return (
    <div className="nl-actions">
      {!canSend && settings && (
        <p className="nl-notice nl-notice--problem" role="alert">
          Sending is off: every newsletter must show the business&apos;s postal address (anti-spam
          law), and the server has none. Set <code>MAIL_POSTAL_ADDRESS</code> in the server&apos;s
          environment and restart it. You can still write and test.
        </p>
      )}
      {scheduled && (
        <p className="nl-notice" role="status">
          Scheduled for {onSiteClock(issue.scheduledAt, settings?.timeZone)}. It goes out by itself
          then, with the changes made until then.
        </p>
      )}
      {waitReason && <p className="nl-help">{waitReason}</p>}
      <div className="nl-actions__row">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy || !!waitReason}
          onClick={() =>
            void run(async () => {
              const { to } = await sendTestCopy(pb, issueId)
              return `A test copy is on its way to ${to}.`
            })
          }
        >
          Send a test to me
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !!waitReason || !canSend}
          onClick={() => setDialog('send')}
        >
          Send...
        </button>
        {scheduled ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy || !online}
            onClick={() =>
              void run(async () => {
                await scheduleIssue(pb, issueId, null)
                return 'The schedule is cancelled: this issue is a draft again.'
              })
            }
          >
            Cancel the schedule
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy || !!waitReason || !canSend}
            onClick={() => {
              setAt(settings?.now ?? '')
              setDialog('schedule')
            }}
          >
            Schedule...
          </button>
        )}
        {issue?.status !== 'scheduled' && (
          <button
            type="button"
            className="btn btn-secondary nl-actions__delete"
            disabled={busy || !online || !onServer}
            onClick={() => setDialog('delete')}
          >
            Delete draft
          </button>
        )}
      </div>
      <p className="admin-note" role="status">
        {note}
      </p>
      <p className="nl-save__text--problem" role="alert">
        {problem}
      </p>

      <Modal
        open={dialog === 'send'}
        title="Send this newsletter?"
        onClose={() => setDialog('none')}
      >
        <p>
          &ldquo;{content.subject}&rdquo; goes to{' '}
          <strong>
            {settings?.activeSubscribers ?? 0} active subscriber
            {settings?.activeSubscribers === 1 ? '' : 's'}
          </strong>{' '}
          now (people waiting for confirmation and those who left get nothing). It cannot be called
          back.
        </p>
        <div className="nl-actions__row">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => {
              setDialog('none')
              void run(async () => {
                const answer = await sendIssue(pb, issueId)
                return `Sending to ${answer.recipients} subscribers.`
              })
            }}
          >
            Send now
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('none')}>
            Cancel
          </button>
        </div>
      </Modal>

      <Modal
        open={dialog === 'schedule'}
        title="Schedule this newsletter"
        onClose={() => setDialog('none')}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault()
            setDialog('none')
            void run(async () => {
              await scheduleIssue(pb, issueId, at)
              return 'Scheduled.'
            })
          }}
        >
          <label htmlFor={`${id}-at`}>
            Date and time ({settings?.timeZone.replace(/_/g, ' ') ?? 'your time zone'})
          </label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            required
            min={settings?.now}
            value={at}
            onChange={(event) => setAt(event.target.value)}
          />
          <p className="nl-help">
            It goes to the subscribers who are active then ({settings?.activeSubscribers ?? 0}{' '}
            today).
          </p>
          <div className="nl-actions__row">
            <button type="submit" className="btn btn-primary">
              Schedule
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setDialog('none')}>
              Cancel
            </button>
          </div>
        </form>
      </Modal>

      <Modal
        open={dialog === 'delete'}
        title="Delete this draft?"
        onClose={() => setDialog('none')}
      >
        <p>The draft and its saved versions are deleted. This cannot be undone.</p>
        <div className="nl-actions__row">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setDialog('none')
              void run(async () => {
                await deleteIssue(pb, issueId)
                onClosed()
                return ''
              })
            }}
          >
            Delete
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('none')}>
            Keep it
          </button>
        </div>
      </Modal>
    </div>
  )
}

/** `Dec 1, 2026, 9:00 AM (America/New_York)`: the consultant's clock, whatever the device's. */
function onSiteClock(value: string, timeZone: string | undefined): string {
  const date = parsePbDate(value)
  if (!date || !timeZone) return formatDateTime(value)
  try {
    const text = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    }).format(date)
    return `${text} (${timeZone.replace(/_/g, ' ')})`
  } catch {
    return formatDateTime(value)
  }
}
