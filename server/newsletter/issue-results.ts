// What the console shows of an issue's send (its deliveries, read from the queue's table: progress,
// failures with reasons, copies retrying), the unsubscribes its links caused and the clicks its
// signed links counted (newsletter_link_clicks, written here).
import type { App } from '../platform/events'
import { newRecordId } from '../platform/ids'
import { countRows, selectRow, selectRows } from '../platform/sql'
import { toPbTime } from '../../src/config/dates'
import type { IssueResults, IssueStatus } from './api'
import { KIND } from './issues'

/** Deliveries of an issue by status. */
export interface DeliveryCounts {
  pending: number
  sending: number
  held: number
  sent: number
  failed: number
  cancelled: number
  [status: string]: number
}

/** Counts of the issue's deliveries by status. */
export function deliveryCounts(app: App, issueId: string): DeliveryCounts {
  const rows = selectRows(
    app,
    'SELECT status, COUNT(*) AS n FROM deliveries WHERE sourceId = {:id} AND kind = {:kind} GROUP BY status',
    { id: issueId, kind: KIND },
    { status: '', n: 0 },
  )
  const counts: DeliveryCounts = {
    pending: 0,
    sending: 0,
    held: 0,
    sent: 0,
    failed: 0,
    cancelled: 0,
  }
  for (const row of rows) counts[row.status] = row.n
  return counts
}

/** One more click on `url` in the issue (one statement, so clicks at once all count). */
export function recordClick(app: App, issueId: string, url: string): void {
  const now = toPbTime(Date.now())
  app
    .db()
    .newQuery(
      'INSERT INTO newsletter_link_clicks (id, issue, url, clicks, created, updated) ' +
        'SELECT {:id}, {:issue}, {:url}, 1, {:now}, {:now} ' +
        'WHERE EXISTS (SELECT 1 FROM newsletter_issues WHERE id = {:issue}) ' +
        'ON CONFLICT (issue, url) DO UPDATE SET clicks = clicks + 1, updated = {:now}',
    )
    .bind({ id: newRecordId(), issue: issueId, url, now })
    .execute()
}

/** What the console shows for an issue: progress, failures with reasons, unsubscribes, clicks. */
export function results(app: App, issue: core.Record): IssueResults {
  const counts = deliveryCounts(app, issue.id)
  const params = { id: issue.id, kind: KIND }
  const failures = selectRows(
    app,
    'SELECT lastError AS reason, COUNT(*) AS n, MIN(recipient) AS example FROM deliveries ' +
      "WHERE sourceId = {:id} AND kind = {:kind} AND status = 'failed' " +
      'GROUP BY lastError ORDER BY n DESC LIMIT 20',
    params,
    { reason: '', n: 0, example: '' },
  )
  const retrying = selectRow(
    app,
    "SELECT COUNT(*) AS n, IFNULL(MAX(lastError), '') AS reason FROM deliveries " +
      "WHERE sourceId = {:id} AND kind = {:kind} AND status = 'pending' AND attempts > 0",
    params,
    { n: 0, reason: '' },
  ) || { n: 0, reason: '' } // an aggregate always has its row
  const unsubscribes = countRows(
    app,
    'SELECT COUNT(*) AS n FROM newsletter_subscriptions WHERE unsubscribedIssue = {:id}',
    { id: issue.id },
  )
  const clicks = selectRows(
    app,
    'SELECT url, clicks FROM newsletter_link_clicks WHERE issue = {:id} ORDER BY clicks DESC, url LIMIT 50',
    { id: issue.id },
    { url: '', clicks: 0 },
  )
  return {
    id: issue.id,
    status: issue.getString('status') as IssueStatus,
    slug: issue.getString('slug'),
    recipients: issue.getInt('recipients'),
    startedAt: issue.getString('startedAt'),
    sentAt: issue.getString('sentAt'),
    sent: counts.sent,
    failed: counts.failed,
    skipped: counts.cancelled,
    waiting: counts.pending + counts.sending + counts.held,
    retrying: { count: retrying.n, lastError: retrying.reason },
    failures: failures.map((f) => ({ reason: f.reason, count: f.n, example: f.example })),
    unsubscribes,
    clicks: clicks.map((c) => ({ url: c.url, clicks: c.clicks })),
    totalClicks: clicks.reduce((sum, c) => sum + c.clicks, 0),
  }
}
