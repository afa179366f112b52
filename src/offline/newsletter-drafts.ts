// Owns the newsletter drafts the console keeps in the outbox: a new issue (a create with an id
// made on this device) and its autosaved edits, sent when there is a connection, kept with none.
// Typing does not queue one edit per pause: while the issue's last edit is still waiting (not
// being sent), it is replaced in place, so a long offline session leaves one edit per issue.
import type {
  NewsletterIssueEditInput,
  NewsletterIssueInput,
} from '../backend/newsletter-issues-api'
import type { OutboxPayloads } from '../backend/types'
import type { OutboxItem } from './db'
import type { Outbox } from './outbox'
import { watchOwnedOutbox } from './watch-owned-outbox'

/** What the outbox holds for one issue: its unsent create and newest edit, and their state. */
export interface PendingIssueDraft {
  issue: string
  /** The newest content typed on this device that the server has not confirmed. */
  content: NewsletterIssueInput
  /** The issue itself has not reached the server yet. */
  isNew: boolean
  /** Epoch ms of the newest item. */
  at: number
  /** The server refused it (e.g. the issue was sent meanwhile); it waits to be retried or discarded. */
  failed: boolean
  /** The outbox items behind it (to retry or discard). */
  itemIds: string[]
  /** The server's reason for a refusal. */
  problem?: string
}

/** The outbox's issue drafts of this admin, one entry per issue. */
export function pendingIssueDrafts(items: OutboxItem[]): PendingIssueDraft[] {
  const byIssue = new Map<string, PendingIssueDraft>()
  const newest = new Map<string, number>()
  for (const item of items) {
    if (item.collection !== 'newsletter_issues' && item.collection !== 'newsletter_issue_edits') {
      continue
    }
    const isCreate = item.collection === 'newsletter_issues'
    const payload = item.payload as NewsletterIssueInput & Partial<NewsletterIssueEditInput>
    const issue = isCreate ? item.id : (payload.issue ?? '')
    if (!newest.has(issue)) newest.set(issue, -Infinity)
    const entry = byIssue.get(issue) ?? {
      issue,
      content: { subject: '', preheader: '', body: '' },
      isNew: false,
      at: 0,
      failed: false,
      itemIds: [],
    }
    if (isCreate) entry.isNew = true
    // The newest item (queue order) holds what was typed last, whatever order these come in.
    if (item.seq > newest.get(issue)!) {
      newest.set(issue, item.seq)
      entry.content = {
        subject: payload.subject,
        preheader: payload.preheader,
        body: payload.body,
      }
    }
    entry.at = Math.max(entry.at, item.createdAt)
    if (item.status === 'failed') {
      entry.failed = true
      entry.problem = item.lastError?.serverMessage
    }
    entry.itemIds.push(item.id)
    byIssue.set(issue, entry)
  }
  return [...byIssue.values()]
}

/**
 * Calls `listener` with this admin's issue drafts in the outbox now and after every change;
 * returns a function that stops listening.
 */
export function watchIssueDrafts(
  ownerId: string,
  listener: (drafts: PendingIssueDraft[]) => void,
): () => void {
  return watchOwnedOutbox(ownerId, pendingIssueDrafts, listener, 'newsletter: drafts')
}

/** The app's outbox, loaded on first use (tests pass their own). */
async function appOutbox(): Promise<Outbox> {
  const { getAppOutbox } = await import('./app-outbox')
  return getAppOutbox()
}

/** Queues `payload` and resolves once it is stored (the send goes on without being awaited). */
function queueStored<C extends 'newsletter_issues' | 'newsletter_issue_edits'>(
  outbox: Outbox,
  collection: C,
  payload: OutboxPayloads[C],
  adminId: string,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    outbox.enqueue(collection, payload, { ownerId: adminId, onStored: resolve }).catch(reject)
  })
}

/** Queues a new issue; answers its id (made on this device, kept by the server). */
export async function queueNewIssue(
  content: NewsletterIssueInput,
  adminId: string,
  outbox?: Outbox,
): Promise<string> {
  return queueStored(outbox ?? (await appOutbox()), 'newsletter_issues', content, adminId)
}

/**
 * Saves the issue's draft: replaces its waiting edit (queued, not being sent) or queues a new
 * one, and sends it when it can. Resolves once the draft is safely on this device.
 */
export async function saveIssueDraft(
  edit: Omit<NewsletterIssueEditInput, 'editedAt'>,
  adminId: string,
  outbox?: Outbox,
  now: number = Date.now(),
): Promise<void> {
  const box = outbox ?? (await appOutbox())
  const db = box.db
  const payload: NewsletterIssueEditInput = { ...edit, editedAt: new Date(now).toISOString() }
  const replaced = await db.transaction('rw', db.outbox, async () => {
    const waiting = await db.outbox
      .where('ownerId')
      .equals(adminId)
      .filter(
        (item) =>
          item.collection === 'newsletter_issue_edits' &&
          item.status === 'queued' &&
          (item.payload as NewsletterIssueEditInput).issue === edit.issue,
      )
      .sortBy('seq')
    const last = waiting[waiting.length - 1]
    if (!last) return false
    await db.outbox.update(last.id, { payload })
    return true
  })
  if (replaced) void box.flush().catch(() => undefined)
  else await queueStored(box, 'newsletter_issue_edits', payload, adminId)
}
