// An issue once its send has started: a live progress bar while copies go out, then what became
// of them: delivered, failed with the reasons, skipped (unsubscribed during the send), the
// unsubscribes that came from it and the clicks on its links.
import { useEffect } from 'react'
import type { NewsletterIssue } from '../../backend/newsletter-issues-api'
import { paths } from '../../config/paths'
import { formatDateTime } from './format'
import { ErrorState, LoadingState } from './StatusMessage'
import { useIssueResults } from './use-newsletter'

export function NewsletterResults({
  issue,
  onFinished,
}: {
  issue: NewsletterIssue
  /** The send finished since the issue was loaded (its status in the list is out of date). */
  onFinished: () => void
}) {
  const results = useIssueResults(issue.id)
  const finished = results.data?.status === 'sent' && issue.status !== 'sent'
  useEffect(() => {
    if (finished) onFinished()
  }, [finished, onFinished])
  if (results.loading) return <LoadingState />
  if (!results.data) {
    return <ErrorState text="Failed to fetch the results." onRetry={results.refresh} />
  }
  const r = results.data
  const done = r.sent + r.failed + r.skipped
  const sending = r.status === 'sending'
  return (
    <div className="nl-results">
      <p className="nl-results__when">
        {sending ? 'Sending since ' : 'Sent '}
        {formatDateTime(r.startedAt)} to {r.recipients} subscriber{r.recipients === 1 ? '' : 's'}.{' '}
        {r.slug && (
          <a href={`${paths.newsletterArchive}/${r.slug}`} target="_blank" rel="noreferrer">
            View it on the site
          </a>
        )}
      </p>
      <div className="nl-progress">
        <label htmlFor={`nl-progress-${r.id}`}>
          {sending ? 'Progress' : 'Finished'}: {done} of {r.recipients}
        </label>
        <progress id={`nl-progress-${r.id}`} max={Math.max(1, r.recipients)} value={done}>
          {done} of {r.recipients}
        </progress>
      </div>
      <dl className="admin-counters" aria-live="polite">
        <div className="admin-counter">
          <dt>Delivered</dt>
          <dd data-testid="nl-delivered">{r.sent}</dd>
        </div>
        <div className="admin-counter">
          <dt>Failed</dt>
          <dd data-testid="nl-failed">{r.failed}</dd>
        </div>
        <div className="admin-counter">
          <dt>Skipped (left during the send)</dt>
          <dd data-testid="nl-skipped">{r.skipped}</dd>
        </div>
        <div className="admin-counter">
          <dt>Unsubscribed from it</dt>
          <dd data-testid="nl-unsubscribes">{r.unsubscribes}</dd>
        </div>
        <div className="admin-counter">
          <dt>Link clicks</dt>
          <dd data-testid="nl-clicks">{r.totalClicks}</dd>
        </div>
      </dl>
      {r.waiting > 0 && (
        <p className="nl-help" role="status">
          {r.waiting} still to go
          {r.retrying.count > 0 &&
            `; ${r.retrying.count} will be tried again (last error: ${r.retrying.lastError})`}
          .
        </p>
      )}
      {r.failures.length > 0 && (
        <>
          <h3>Why some failed</h3>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Reason</th>
                  <th scope="col">Copies</th>
                  <th scope="col">For example</th>
                </tr>
              </thead>
              <tbody>
                {r.failures.map((f) => (
                  <tr key={f.reason}>
                    <td>{f.reason || '(no reason given)'}</td>
                    <td>{f.count}</td>
                    <td>{f.example}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <h3>Clicks on its links</h3>
      {r.clicks.length === 0 ? (
        <p className="admin-state">No clicks yet. Only clicks are counted: no tracking pixel.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Link</th>
                <th scope="col">Clicks</th>
              </tr>
            </thead>
            <tbody>
              {r.clicks.map((c) => (
                <tr key={c.url}>
                  <td className="nl-results__url">{c.url}</td>
                  <td>{c.clicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
