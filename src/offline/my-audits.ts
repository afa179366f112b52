// Owns the signed-in user's audits as the dashboard sees them: fetched from PocketBase (the
// access rules decide what comes back) and written to the offline cache, which is what the
// dashboard renders, online and offline.
import { describeError } from '../backend/errors'
import { pb } from '../backend/client'
import { deleteAudit, fetchAudits } from '../backend/account-api'
import { refreshSession } from '../backend/session'
import type { AuditRecord } from '../backend/types'
import { cacheAudits, loadCachedAudits } from './audit-cache'

/** Fetches and caches; a 401/403 means the session is over, which refreshSession settles. */
export async function syncMyAudits(userId: string): Promise<AuditRecord[]> {
  try {
    // Until verified, look again each time: the notice and the free audits depend on it.
    if (pb.authStore.record && !pb.authStore.record.verified) await refreshSession()
    const audits = await fetchAudits(pb)
    // The session may have changed while the request was out: never cache under the wrong user.
    if (pb.authStore.record?.id === userId) await cacheAudits(userId, audits)
    return audits
  } catch (err) {
    const { kind } = describeError(err)
    if (kind === 'unauthenticated' || kind === 'forbidden') await refreshSession()
    throw err
  }
}

/** Deletes one of the user's own audits on the server, then drops it from the cache. */
export async function deleteMyAudit(userId: string, auditId: string): Promise<void> {
  await deleteAudit(pb, auditId)
  const cached = await loadCachedAudits(userId)
  if (cached) {
    // Keep the old sync time: the rest of the list is no fresher than before.
    const rest = cached.audits.filter((a) => a.id !== auditId)
    await cacheAudits(userId, rest, undefined, cached.syncedAt)
  }
  await syncMyAudits(userId).catch(() => undefined)
}
