// The Site tab's data: the draft and the versions (each with the offline copy of its last load),
// the sections saved on this device still in the outbox, and saving, publishing and rolling
// back. A saved section is a site_edits create queued through the app's outbox: sent at once
// with a connection, kept on the device (and across reloads) without one.
import { useEffect, useState } from 'react'
import { pb } from '../../../backend/client'
import {
  getSiteDraft,
  getSiteVersions,
  publishSite,
  rollbackSite,
  type SiteChangeAnswer,
} from '../../../backend/site-api'
import { useSession } from '../../../backend/session'
import type { SiteContent } from '../../../config/site-content'
import { checkForUpdateNow } from '../../../offline/app-update-check'
import type { EnqueueResult } from '../../../offline/outbox'
import { watchOwnedOutbox } from '../../../offline/watch-owned-outbox'
import { useSyncedData } from '../use-people'
import { pendingSiteEdits, type PendingSiteEdit } from './site-edits'

export function useSiteDraft() {
  return useSyncedData('site-draft', () => getSiteDraft(pb))
}

export function useSiteVersions() {
  return useSyncedData('site-versions', () => getSiteVersions(pb))
}

/** An edit the server has taken, laid over the draft until the draft is loaded again. */
export interface DeliveredSiteEdit {
  id: string
  changes: Partial<SiteContent>
  /** Epoch ms it was delivered: a draft loaded after this has it. */
  at: number
}

/**
 * The signed-in admin's site edits in the outbox (waiting or refused), and those delivered
 * since the tab opened, so what was saved stays on screen until the draft is loaded again.
 */
export function useSiteEdits() {
  const { user } = useSession()
  const userId = user?.id ?? ''
  const [state, setState] = useState<{
    userId: string
    pending: PendingSiteEdit[]
    delivered: DeliveredSiteEdit[]
  }>({ userId: '', pending: [], delivered: [] })

  useEffect(() => {
    if (!userId) return
    let before: PendingSiteEdit[] | null = null
    return watchOwnedOutbox(
      userId,
      pendingSiteEdits,
      (pending) => {
        const now = Date.now()
        // Gone without being refused: the server has it (a discarded edit was refused first).
        const gone = (before ?? []).filter(
          (edit) => !edit.failed && !pending.some((p) => p.id === edit.id),
        )
        before = pending
        setState((prev) => ({
          userId,
          pending,
          delivered: addDelivered(
            prev.userId === userId ? prev.delivered : [],
            gone.map((edit) => ({ id: edit.id, changes: edit.changes, at: now })),
          ),
        }))
      },
      'site: pending edits',
    )
  }, [userId])

  const mine = state.userId === userId
  return {
    pending: mine ? state.pending : [],
    delivered: mine ? state.delivered : [],
    /** Records an edit the server took while this tab waited for its answer. */
    markDelivered(edit: DeliveredSiteEdit) {
      setState((prev) => ({ ...prev, delivered: addDelivered(prev.delivered, [edit]) }))
    },
    /** After a publish or a roll back: the draft loaded next is the whole story. */
    forgetDelivered() {
      setState((prev) => ({ ...prev, delivered: [] }))
    },
  }
}

/** An edit the server has just taken. */
export function deliveredNow(id: string, changes: Partial<SiteContent>): DeliveredSiteEdit {
  return { id, changes, at: Date.now() }
}

function addDelivered(
  list: readonly DeliveredSiteEdit[],
  more: readonly DeliveredSiteEdit[],
): DeliveredSiteEdit[] {
  const next = [...list]
  for (const edit of more) if (!next.some((d) => d.id === edit.id)) next.push(edit)
  return next
}

/** Queues a saved section; sent at once when online (the answer says how it went), else later. */
export async function queueSiteEdit(
  changes: Partial<SiteContent>,
  adminId: string,
): Promise<EnqueueResult> {
  const { enqueue } = await import('../../../offline/app-outbox')
  return enqueue('site_edits', { changes }, { ownerId: adminId })
}

/** Takes an edit out of the outbox (one the server refused). */
export async function discardSiteEdit(id: string): Promise<void> {
  const { discardOutboxItem } = await import('../../../offline/app-outbox')
  await discardOutboxItem(id)
}

/** Loads the outbox's code while there is a connection, so a section saved after it drops is kept. */
export function warmSiteOutbox() {
  if (navigator.onLine !== false) import('../../../offline/app-outbox').catch(() => undefined)
}

/**
 * A publish or a roll back changed the pages this device keeps for offline use: the app asks for
 * its new version at once, so "A new version is available" comes within seconds (not at the next
 * page load or hourly check) and Reload shows the consultant their new words here too.
 */
async function newPagesLive(answer: Promise<SiteChangeAnswer>): Promise<SiteChangeAnswer> {
  const live = await answer
  if (live.changed) checkForUpdateNow()
  return live
}

export function publishDraft(): Promise<SiteChangeAnswer> {
  return newPagesLive(publishSite(pb))
}

export function rollbackTo(version: number): Promise<SiteChangeAnswer> {
  return newPagesLive(rollbackSite(pb, version))
}
