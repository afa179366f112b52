// Typed PocketBase calls the member's dashboard adds to account-api.ts: the name on the account.
// The SDK updates the saved session with the answer, so the greeting follows at once.
import type PocketBase from 'pocketbase'
import { collections, type UserRecord } from './types'

/** Sets the signed-in user's full name (trimmed; the server checks its length and characters). */
export function updateFullName(pb: PocketBase, userId: string, fullName: string) {
  return pb.collection(collections.users).update<UserRecord>(userId, { fullName: fullName.trim() })
}
