// Typed calls of the newsletter issues (pb_hooks/newsletter-issues.pb.js): the console's list of
// issues, what the composer needs (active subscribers, postal address, the mail's preview frame),
// test copies, the send, the schedule and the results; and the public archive's page HTML for a
// client-side visit. Drafts are created and autosaved through the outbox, not from here
// (src/offline/newsletter-drafts.ts). Every call takes the client first so the same code runs in
// the app and in integration tests.
import type PocketBase from 'pocketbase'
import type { RecordModel } from 'pocketbase'

export type IssueStatus = 'draft' | 'scheduled' | 'sending' | 'sent'

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

export interface PreviewFrame {
  /** The mail as every copy shows it, with the placeholders below where the issue goes. */
  html: string
  placeholders: { subject: string; preheader: string; body: string }
  colours: { INK: string; MUTED: string; SPRUCE: string; ACCENT: string }
}

export interface NewsletterSettings {
  activeSubscribers: number
  /** MAIL_POSTAL_ADDRESS; '' when the server has none (then nothing can be sent). */
  postalAddress: string
  canSend: boolean
  /** The consultant's time zone, in which a schedule is given. */
  timeZone: string
  ratePerMinute: number
  /** The server's "now" on the consultant's clock, `YYYY-MM-DDTHH:MM`. */
  now: string
  frame: PreviewFrame
}

export interface IssueResults {
  id: string
  status: IssueStatus
  slug: string
  recipients: number
  startedAt: string
  sentAt: string
  sent: number
  failed: number
  /** Skipped: unsubscribed (or removed) after the send started. */
  skipped: number
  /** Not finished yet (waiting, being sent, retrying). */
  waiting: number
  retrying: { count: number; lastError: string }
  failures: { reason: string; count: number; example: string }[]
  unsubscribes: number
  clicks: { url: string; clicks: number }[]
  totalClicks: number
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
export function sendTestCopy(pb: PocketBase, issueId: string): Promise<{ to: string }> {
  return pb.send(`/api/newsletter/issues/${encodeURIComponent(issueId)}/test`, {
    method: 'POST',
    body: {},
  })
}

/** Starts the send now: answers how many active subscribers it was fixed to. */
export function sendIssue(
  pb: PocketBase,
  issueId: string,
): Promise<{ status: IssueStatus; recipients: number }> {
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
): Promise<{ status: IssueStatus; scheduledAt: string }> {
  return pb.send(`/api/newsletter/issues/${encodeURIComponent(issueId)}/schedule`, {
    method: 'POST',
    body: { at },
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
