// Owns who is signed in. The PocketBase SDK's auth store (saved by the SDK in localStorage
// under 'pocketbase_auth') is the ONE source: React reads it through useSession(), the light
// nav reads the same storage through session-summary.ts, and every change is announced there.
// The token is refreshed once per app start when online and cleared only on a 401/403.
import { useSyncExternalStore } from 'react'
import type { UserRecord } from './types'
import { pb } from './client'
import { notifySessionChange, onSessionChange } from './session-summary'
import {
  deleteAccountOnServer,
  refreshAuth,
  registerAndSignIn,
  sendPasswordReset,
  sendVerification,
  signInWithPassword,
  type RefreshOutcome,
  type SignupInput,
} from './account-api'

export interface Session {
  user: UserRecord | null
  signedIn: boolean
  /** True once the e-mail is verified (free audits made with it then show on the dashboard). */
  verified: boolean
}

const SIGNED_OUT: Session = { user: null, signedIn: false, verified: false }
let snapshot: Session = SIGNED_OUT
let snapshotRecord: unknown = null
let snapshotToken = ''

function readSession(): Session {
  const { token, record } = pb.authStore
  // The SDK's LocalAuthStore parses localStorage on every read, so `record` is a new object
  // each time: compare its contents, or useSyncExternalStore re-renders forever (React #185).
  const recordJson = record ? JSON.stringify(record) : null
  if (token === snapshotToken && recordJson === snapshotRecord) return snapshot
  snapshotToken = token
  snapshotRecord = recordJson
  const user = token && record?.collectionName === 'users' ? (record as UserRecord) : null
  snapshot = user ? { user, signedIn: true, verified: user.verified === true } : SIGNED_OUT
  return snapshot
}

function subscribe(onChange: () => void) {
  const offStore = pb.authStore.onChange(onChange)
  // The saved record refreshed without the SDK (session-freshness.ts), in this tab too.
  const offSaved = onSessionChange(onChange)
  return () => {
    offStore()
    offSaved()
  }
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, readSession, () => SIGNED_OUT)
}

/** The current user outside React (event handlers). */
export function currentUser(): UserRecord | null {
  return readSession().user
}

// The SDK also fires onChange when another tab changes the session (storage event).
pb.authStore.onChange(() => notifySessionChange())

/** Refreshes the token now (a no-op without a session); see refreshAuth for when it clears. */
export function refreshSession(): Promise<RefreshOutcome> {
  return refreshAuth(pb)
}

let startRefreshDone = false

/** Once per app start, as soon as the browser is online; retried when the connection returns. */
function refreshOnStart() {
  if (typeof window === 'undefined' || startRefreshDone) return
  const retryWhenOnline = () => window.addEventListener('online', refreshOnStart, { once: true })
  if (!navigator.onLine) return retryWhenOnline()
  startRefreshDone = true
  void refreshSession().then((outcome) => {
    // 'kept': the server could not be reached, so the session stays and we try again later.
    if (outcome === 'kept') {
      startRefreshDone = false
      retryWhenOnline()
    }
  })
}
refreshOnStart()

export async function signIn(email: string, password: string): Promise<UserRecord> {
  const { record } = await signInWithPassword(pb, email, password)
  return record
}

/** Creates the account, signs in and asks PocketBase to mail the verification link. */
export async function signUp(input: SignupInput): Promise<UserRecord> {
  const { record: user } = await registerAndSignIn(pb, input)
  // Without SMTP the server keeps quiet; the dashboard offers a resend either way.
  requestVerification().catch(() => undefined)
  return user
}

/** Ends the session. What this device keeps for the user is src/features/account's to clear. */
export function signOut(): void {
  pb.authStore.clear()
}

/** Always resolves the same way for registered and unknown e-mails (no enumeration). */
export async function requestPasswordReset(email: string): Promise<void> {
  await sendPasswordReset(pb, email)
}

export async function requestVerification(): Promise<void> {
  const user = currentUser()
  if (user && !user.verified) await sendVerification(pb, user.email)
}

/**
 * Re-authenticates with the typed password (the strict auth rate limit applies), then the
 * server deletes everything of the user in one transaction. Throws the server's error (wrong
 * password, 429, ...) with nothing deleted. The session is left for the caller to end.
 */
export async function deleteAccountOnServerWithPassword(
  user: UserRecord,
  password: string,
): Promise<void> {
  await signInWithPassword(pb, user.email, password)
  await deleteAccountOnServer(pb, password)
}
