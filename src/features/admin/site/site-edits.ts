// The Site tab's edits on their way to the server, as the outbox holds them (site_edits creates,
// oldest first), and the words of the tab's status line. Pure: the outbox's items are passed in.
import type { SiteDraftAnswer, SiteEditInput } from '../../../backend/site-api'
import type { OutboxItem } from '../../../offline/db'
import type { SiteContent } from '../../../config/site-content'
import type { SiteField } from './site-form'

/** One saved section still in the outbox: waiting, being sent, or refused by the server. */
export interface PendingSiteEdit {
  /** The outbox item's id (the record id the server gets). */
  id: string
  changes: Partial<SiteContent>
  createdAt: number
  /** The server refused it; it waits for the consultant to change it or discard it. */
  failed: boolean
  /** The server's words for a refusal: the whole, and each field's by path. */
  problem: string
  fieldErrors: Record<string, string>
}

/** This admin's site edits in the outbox, in queue order. */
export function pendingSiteEdits(items: readonly OutboxItem[]): PendingSiteEdit[] {
  return [...items]
    .filter((item) => item.collection === 'site_edits')
    .sort((a, b) => a.seq - b.seq)
    .map((item) => ({
      id: item.id,
      changes: (item.payload as SiteEditInput).changes ?? {},
      createdAt: item.createdAt,
      failed: item.status === 'failed',
      problem: item.status === 'failed' ? (item.lastError?.serverMessage ?? '') : '',
      fieldErrors: item.status === 'failed' ? (item.lastError?.fieldErrors ?? {}) : {},
    }))
}

/** True when one of `edits` changes one of `fields` (a section's). */
export function touchesFields(
  edits: readonly PendingSiteEdit[],
  fields: readonly SiteField[],
): boolean {
  return edits.some((edit) => fields.some((field) => field in edit.changes))
}

export interface SaveState {
  online: boolean
  /** Edits not yet on the server and not refused. */
  waiting: number
  /** A section was saved since the tab opened (the server has it). */
  savedNow: boolean
}

/** The first words of the status line: where the consultant's saved changes are. */
export function saveStatusText({ online, waiting, savedNow }: SaveState): string {
  if (waiting > 0 && !online) {
    const changes = waiting === 1 ? '1 change is' : `${waiting} changes are`
    return `Saving when you're back online: ${changes} kept on this device.`
  }
  if (waiting > 0) return 'Saving...'
  return savedNow ? 'Draft saved.' : ''
}

/** Whether the draft has something to publish, in the consultant's words. */
export function draftDiffText(draft: Pick<SiteDraftAnswer, 'changed' | 'liveVersion'>): string {
  return draft.changed
    ? `Draft differs from the live site (version ${draft.liveVersion}).`
    : `The draft is the same as the live site (version ${draft.liveVersion}).`
}
