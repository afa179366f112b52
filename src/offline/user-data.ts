// Removes everything this device keeps for one user (sign-out and account deletion).
import { offlineDb, type OfflineDatabase } from './db'

/**
 * Deletes the user's drafts, outbox items, cached audits and admin console copies. Unsent outbox items of that
 * user are lost: call `countUnsentForUser` first to warn before a sign-out.
 */
export async function clearUserData(
  userId: string,
  db: OfflineDatabase = offlineDb(),
): Promise<void> {
  if (!userId) return // '' is the guest's key: never wipe guest drafts by accident
  await db.transaction('rw', [db.drafts, db.outbox, db.cache, db.adminCache], async () => {
    await db.drafts.where('userId').equals(userId).delete()
    await db.outbox.where('ownerId').equals(userId).delete()
    await db.cache.delete(userId)
    await db.adminCache.where('userId').equals(userId).delete()
  })
}

/** Items owned by this user that have not reached the server yet (queued, sending or failed). */
export function countUnsentForUser(
  userId: string,
  db: OfflineDatabase = offlineDb(),
): Promise<number> {
  return db.outbox.where('ownerId').equals(userId).count()
}
