// Until the signed-in user's e-mail is verified, notices the moment it is (the dashboard loads
// this only for an unverified user).
import type PocketBase from 'pocketbase'
import { pb } from './client'
import { currentUser, refreshSession } from './session'
import { collections, type UserRecord } from './types'

/** Waits for the user's own record to change on the server (PocketBase realtime). */
export async function watchOwnRecord(
  client: PocketBase,
  userId: string,
  onChange: (record: UserRecord) => void,
): Promise<() => Promise<void>> {
  return client
    .collection(collections.users)
    .subscribe<UserRecord>(userId, (event) => onChange(event.record))
}

/**
 * Until the signed-in user is verified, notices the moment they are: the server pushes changes
 * of their own record (realtime), and the session is refreshed whenever the page is shown again
 * (the link may have been opened on another device, or realtime may be cut off). Returns the
 * function that stops watching.
 */
export function watchUntilVerified(): () => void {
  const user = currentUser()
  if (!user || user.verified || typeof window === 'undefined') return () => undefined
  let stopped = false
  let unsubscribe: (() => Promise<void>) | null = null
  const recheck = () => {
    if (!stopped && document.visibilityState === 'visible') void refreshSession()
  }
  watchOwnRecord(pb, user.id, (record) => {
    if (record.verified) void refreshSession()
  }).then(
    (stop) => {
      if (stopped) void stop().catch(() => undefined)
      else unsubscribe = stop
    },
    // No realtime (offline, a proxy without streaming): showing the page again still rechecks.
    () => undefined,
  )
  window.addEventListener('focus', recheck)
  document.addEventListener('visibilitychange', recheck)
  return () => {
    stopped = true
    window.removeEventListener('focus', recheck)
    document.removeEventListener('visibilitychange', recheck)
    void unsubscribe?.().catch(() => undefined)
  }
}
