// Account deletion on this device (added by the accounts area): everything clearUserData
// removes, plus guest outbox items that carry the deleted account's e-mail (a newsletter
// sign-up or free audit still queued), so nothing is re-sent for an account that is gone.
import { offlineDb, type OfflineDatabase } from './db'
import { clearUserData } from './user-data'

export async function forgetAccountOnDevice(
  userId: string,
  email: string,
  db: OfflineDatabase = offlineDb(),
): Promise<void> {
  await clearUserData(userId, db)
  const address = email.trim().toLowerCase()
  if (!address) return
  await db.outbox
    .filter(
      (item) =>
        String(('email' in item.payload && item.payload.email) || '')
          .trim()
          .toLowerCase() === address,
    )
    .delete()
}
