// Typed calls of the newsletter issues (server/newsletter/issue-routes.ts): the console's list of
// issues, what the composer needs (active subscribers, postal address, the mail's preview frame),
// test copies, the send, the schedule and the results; and the public archive's page HTML for a
// client-side visit. Drafts are created and autosaved through the outbox, not from here
// (src/offline/newsletter-drafts.ts). Every call takes the client first so the same code runs in
// the app and in integration tests.
import type PocketBase from 'pocketbase'
import type { RecordModel } from 'pocketbase'
import type {
  IssueResults,
  IssueStatus,
  NewsletterSettings,
  PreviewFrame,
  ScheduleAnswer,
  ScheduleInput,
  SendAnswer,
  TestCopyAnswer,
} from '../../server/newsletter/api'

export type { IssueResults, IssueStatus, NewsletterSettings, PreviewFrame }

export interface NewsletterIssue extends RecordModel {
  subject: string
  preheader: string
  /** Markdown. */
  body: string
  /** The archive's address, `/newsletter/<slug>`, given when the send starts. */
  slug: string
  status: IssueStatus
  scheduledAt: string
  startedAt: string
  sentAt: string
  recipients: number
  delivered: number
  failed: number
  skipped: number
  /** Why a scheduled send did not start. */
  lastError: string
  editedAt: string
  created: string
  updated: string
}

/** A new issue, queued in the outbox with an id made on the device. */
export interface NewsletterIssueInput {
  subject: string
  preheader: string
  body: string
}

/** An autosaved draft of an issue, queued in the outbox; the newest (editedAt) wins. */
export interface NewsletterIssueEditInput extends NewsletterIssueInput {
  issue: string
  /** ISO time it was typed. */
  editedAt: string
}

const ISSUE_FIELDS = [
  'id',
  'subject',
  'preheader',
  'body',
  'slug',
  'status',
  'scheduledAt',
  'startedAt',
  'sentAt',
  'recipients',
  'delivered',
  'failed',
  'skipped',
  'lastError',
  'editedAt',
  'created',
  'updated',
].join(',')

/** Every issue, newest first (without the HTML the send rendered). */
export function listIssues(pb: PocketBase): Promise<NewsletterIssue[]> {
  return pb.collection('newsletter_issues').getFullList<NewsletterIssue>({
    sort: '-created',
    fields: ISSUE_FIELDS,
    batch: 200,
  })
}

export function getNewsletterSettings(pb: PocketBase): Promise<NewsletterSettings> {
  return pb.send<NewsletterSettings>('/api/newsletter/settings', { method: 'GET' })
}

/** Queues a test copy to the signed-in admin's address; answers that address. */
export function sendTestCopy(pb: PocketBase, issueId: string): Promise<TestCopyAnswer> {
  return pb.send(`/api/newsletter/issues/${encodeURIComponent(issueId)}/test`, {
    method: 'POST',
    body: {},
  })
}

/** Starts the send now: answers how many active subscribers it was fixed to. */
export function sendIssue(pb: PocketBase, issueId: string): Promise<SendAnswer> {
  return pb.send(`/api/newsletter/issues/${encodeURIComponent(issueId)}/send`, {
    method: 'POST',
    body: {},
  })
}

/** Schedules for `at` (`YYYY-MM-DDTHH:MM` on the consultant's clock), or back to draft (null). */
export function scheduleIssue(
  pb: PocketBase,
  issueId: string,
  at: string | null,
): Promise<ScheduleAnswer> {
  const body: ScheduleInput = { at }
  return pb.send(`/api/newsletter/issues/${encodeURIComponent(issueId)}/schedule`, {
    method: 'POST',
    body,
  })
}

export function getIssueResults(pb: PocketBase, issueId: string): Promise<IssueResults> {
  return pb.send<IssueResults>(`/api/newsletter/issues/${encodeURIComponent(issueId)}/results`, {
    method: 'GET',
  })
}

export function deleteIssue(pb: PocketBase, issueId: string): Promise<boolean> {
  return pb.collection('newsletter_issues').delete(issueId)
}

/** An archive page as the server sends it: its content and title, or its status when not 200. */
export type ArchivePage =
  { status: 200; html: string; title: string } | { status: 404 | 'offline' | 'failed' }

/**
 * The archive page at `path` fetched as a whole document (the service worker keeps it for
 * offline reading), cut down to the content of #`contentId` and its title.
 */
export async function fetchArchivePage(path: string, contentId: string): Promise<ArchivePage> {
  let response: Response
  try {
    response = await fetch(path, { headers: { Accept: 'text/html' } })
  } catch {
    return { status: 'offline' }
  }
  if (response.status === 404) return { status: 404 }
  if (!response.ok) return { status: 'failed' }
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html')
  const content = doc.getElementById(contentId)
  if (!content) return { status: 'failed' }
  return { status: 200, html: content.innerHTML, title: doc.title }
}
