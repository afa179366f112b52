// Reads the outbox as the visitor is shown it (what waits, what was refused, the last sync) and
// watches it. Part of the app outbox's chunk (app-outbox.ts re-exports the watch), so the status
// line can follow the outbox with nothing more to load, even if the signal dropped after the
// outbox's code arrived.
import { liveQuery, offlineDb, type OfflineDatabase, type OutboxItem } from './db'
import { markOutboxMaybeNonEmpty } from './outbox-hint'

/** What a waiting item is, to say so once it has gone out ("Message sent"). */
export type SentKind =
  | 'message'
  | 'callBack'
  | 'newsletter'
  | 'audit'
  | 'note'
  | 'statusChange'
  | 'lead'
  | 'newsletterDraft'
  | 'siteDraft'

export interface OutboxStatusSnapshot {
  /** Items not yet delivered and not failed (queued or sending). */
  pending: number
  /** The pending items' ids and kinds, oldest first. */
  pendingItems: { id: string; kind: SentKind }[]
  /** Items the server refused; they wait for the visitor to retry or discard them. */
  failed: OutboxItem[]
  /** Epoch ms of the last delivered item, or null. */
  lastSyncedAt: number | null
}

export async function readOutboxStatus(
  db: OfflineDatabase = offlineDb(),
): Promise<OutboxStatusSnapshot> {
  const [items, last] = await Promise.all([
    db.outbox.orderBy('seq').toArray(),
    db.meta.get('lastSyncedAt'),
  ])
  // Funnel statistics travel through the outbox too, but they are not the visitor's to see.
  const shown = items.filter((i) => i.collection !== 'events')
  const waiting = shown.filter((i) => i.status !== 'failed')
  return {
    pending: waiting.length,
    pendingItems: waiting.map((i) => ({ id: i.id, kind: sentKind(i) })),
    failed: shown.filter((i) => i.status === 'failed'),
    lastSyncedAt: typeof last?.value === 'number' ? last.value : null,
  }
}

function sentKind(item: OutboxItem): SentKind {
  switch (item.collection) {
    case 'contacts':
      return (item.payload as { source?: string }).source === 'call_back' ? 'callBack' : 'message'
    case 'newsletter_subscriptions':
      return 'newsletter'
    case 'audits':
      return 'audit'
    case 'person_updates':
      return (item.payload as { kind?: string }).kind === 'status' ? 'statusChange' : 'note'
    case 'people':
      return 'lead'
    case 'newsletter_issues':
    case 'newsletter_issue_edits':
      return 'newsletterDraft'
    case 'site_edits':
      return 'siteDraft'
    case 'events':
      // Never shown (readOutboxStatus leaves funnel steps out).
      return 'message'
  }
}

/** Subscribes to the outbox's status and keeps the layout's load hint in step. */
export function watchOutboxStatus(listener: (status: OutboxStatusSnapshot) => void): () => void {
  const subscription = liveQuery(() => readOutboxStatus()).subscribe({
    next(status) {
      markOutboxMaybeNonEmpty(status.pending + status.failed.length > 0)
      listener(status)
    },
    error(err) {
      console.warn('outbox: status query failed', err)
    },
  })
  return () => subscription.unsubscribe()
}

const sentWords: Record<SentKind, [string, string]> = {
  message: ['Message sent', 'messages sent'],
  callBack: ['Call-back request sent', 'call-back requests sent'],
  newsletter: ['Newsletter sign-up sent', 'newsletter sign-ups sent'],
  audit: ['Audit sent', 'audits sent'],
  // The consultant's own items reach the server, not a person: "saved", never "sent".
  note: ['Note saved', 'notes saved'],
  statusChange: ['Status change saved', 'status changes saved'],
  lead: ['Lead added', 'leads added'],
  // A draft's autosaved edits are one thing to its writer: never counted.
  newsletterDraft: ['Newsletter draft saved', 'Newsletter draft saved'],
  siteDraft: ['Site draft saved', 'Site draft saved'],
}

/** "Message sent", "2 messages sent · Audit sent": what just went out, by kind. */
export function sentSummary(kinds: readonly SentKind[]): string {
  const counts = new Map<SentKind, number>()
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return [...counts]
    .map(([kind, n]) =>
      n === 1 || kind === 'newsletterDraft' || kind === 'siteDraft'
        ? sentWords[kind][0]
        : `${n} ${sentWords[kind][1]}`,
    )
    .join(' · ')
}
