// The console's Newsletter tab: the issues (drafts, scheduled, being sent, sent) and one issue
// at a time, written in the composer or, once sent, with its results. Works offline with the
// last synced copy; new issues and drafts wait in the outbox.
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { IssueStatus, NewsletterIssue } from '../../backend/newsletter-issues-api'
import { useSession } from '../../backend/session'
import { queueNewIssue, type PendingIssueDraft } from '../../offline/newsletter-drafts'
import { formatDateTime } from './format'
import { NewsletterComposer } from './NewsletterComposer'
import { NewsletterResults } from './NewsletterResults'
import { ErrorState, LoadingState } from './StatusMessage'
import { SyncLine } from './SyncLine'
import { useIssueDrafts, useIssues, useNewsletterSettings } from './use-newsletter'
import { useWhenDelivered } from './use-people'
import './newsletter-issues.css'

const statusLabels: Record<IssueStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
}

export default function NewsletterTab() {
  const [params, setParams] = useSearchParams()
  const issueId = params.get('issue')
  const issues = useIssues()
  const settings = useNewsletterSettings()
  const drafts = useIssueDrafts()
  const { user } = useSession()
  useWhenDelivered(drafts.filter((d) => !d.failed).length, issues.refresh)
  // An issue whose draft was just delivered is neither in the outbox nor (until the list
  // reloads) in the list: the editor stays open meanwhile, with what was typed.
  const [lastDrafted, setLastDrafted] = useState<string | null>(null)
  const drafted = drafts.some((d) => d.issue === issueId)
  if (drafted && lastDrafted !== issueId) setLastDrafted(issueId)

  const open = (id: string | null) =>
    setParams(id ? { tab: 'newsletter', issue: id } : { tab: 'newsletter' })
  const refresh = () => {
    issues.refresh()
    settings.refresh()
  }

  if (issues.loading) return <LoadingState />
  if (!issues.data) return <ErrorState text="Failed to fetch the newsletters." onRetry={refresh} />
  const list = issues.data.value

  if (issueId) {
    const issue = list.find((i) => i.id === issueId) ?? null
    const draft = drafts.find((d) => d.issue === issueId)
    return (
      <section className="nl-issue" aria-labelledby="nl-issue-title">
        <button
          type="button"
          className="btn btn-secondary admin-btn-small"
          onClick={() => open(null)}
        >
          Back to newsletters
        </button>
        <h2 id="nl-issue-title" className="nl-issue__title">
          {(draft?.content.subject ?? issue?.subject) || 'New newsletter'}
          <span className={`nl-status nl-status--${issue?.status ?? 'draft'}`}>
            {statusLabels[issue?.status ?? 'draft']}
          </span>
        </h2>
        {!issue && !draft && lastDrafted !== issueId ? (
          <p className="admin-state">
            This newsletter is not here: it was deleted, or it has not reached the server from
            another device yet.
          </p>
        ) : issue && (issue.status === 'sending' || issue.status === 'sent') ? (
          <NewsletterResults issue={issue} onFinished={issues.refresh} />
        ) : (
          <NewsletterComposer
            key={issueId}
            issueId={issueId}
            issue={issue}
            draft={draft}
            settings={settings.data?.value}
            onChanged={refresh}
            onClosed={() => {
              open(null)
              refresh()
            }}
          />
        )}
      </section>
    )
  }

  const rows = mergeDrafts(list, drafts)
  const active = settings.data?.value.activeSubscribers
  return (
    <section className="nl-list" aria-labelledby="nl-list-title">
      <h2 id="nl-list-title" className="nl-list__title">
        Newsletters
      </h2>
      <SyncLine syncedAt={issues.data.syncedAt} fromCopy={issues.data.fromCopy} pending={[]} />
      <p>
        {active === undefined
          ? 'Write, test and send the business growth tips from here.'
          : `${active} active subscriber${active === 1 ? '' : 's'} get the next one.`}{' '}
        Sent issues are public at <a href="/newsletter">the newsletter archive</a>.
      </p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={!user}
        onClick={() => {
          if (!user) return
          void queueNewIssue({ subject: '', preheader: '', body: '' }, user.id).then(open)
        }}
      >
        New newsletter
      </button>
      {rows.length === 0 ? (
        <p className="admin-state">No newsletters yet.</p>
      ) : (
        <ul className="nl-list__items">
          {rows.map((row) => (
            <li key={row.id} className="nl-list__item">
              <button type="button" className="nl-list__open" onClick={() => open(row.id)}>
                <span className="nl-list__subject">{row.subject || '(no subject yet)'}</span>
                <span className={`nl-status nl-status--${row.status}`}>
                  {statusLabels[row.status]}
                  {row.waiting && ' (waiting to send)'}
                </span>
                <span className="nl-list__when">{row.when}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

interface Row {
  id: string
  subject: string
  status: IssueStatus
  when: string
  waiting: boolean
}

/** The server's issues with this device's unsent changes, new ones first. */
function mergeDrafts(list: NewsletterIssue[], drafts: PendingIssueDraft[]): Row[] {
  const rows: Row[] = drafts
    .filter((d) => d.isNew && !list.some((i) => i.id === d.issue))
    .map((d) => ({
      id: d.issue,
      subject: d.content.subject,
      status: 'draft',
      when: 'Not on the server yet',
      waiting: true,
    }))
  for (const issue of list) {
    const draft = drafts.find((d) => d.issue === issue.id)
    const when =
      issue.status === 'sent' || issue.status === 'sending'
        ? `Sent ${formatDateTime(issue.startedAt)} to ${issue.recipients}`
        : issue.status === 'scheduled'
          ? `Goes out ${formatDateTime(issue.scheduledAt)}`
          : `Edited ${formatDateTime(issue.editedAt || issue.updated)}`
    rows.push({
      id: issue.id,
      subject: draft?.content.subject ?? issue.subject,
      status: issue.status,
      when,
      waiting: !!draft,
    })
  }
  return rows
}
