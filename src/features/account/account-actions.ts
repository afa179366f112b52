// Signing up, signing out and deleting an account, each as one step across the server session
// (src/backend/session.ts) and what this device keeps for the user (src/offline/).
import type { SignupInput } from '../../backend/account-api'
import {
  currentUser,
  deleteAccountOnServerWithPassword,
  signOut as endSession,
  signUp,
} from '../../backend/session'
import type { UserRecord } from '../../backend/types'
import { pb } from '../../backend/client'
import { updateFullName } from '../../backend/dashboard-api'

/** Creates the account and, when asked, subscribes its e-mail through the outbox. */
export async function createAccount(input: SignupInput): Promise<UserRecord> {
  const user = await signUp(input)
  if (input.newsletterConsent) {
    // Not awaited: the outbox stores it at once and may wait for the send; sign-up goes on.
    import('../../offline/app-outbox')
      .then(({ enqueue }) =>
        enqueue('newsletter_subscriptions', {
          email: user.email,
          source: 'signup',
          userAgent: navigator.userAgent.slice(0, 512),
        }),
      )
      .catch((err) => console.error('Could not queue the newsletter sign-up', err))
  }
  return user
}

/** How many of the signed-in user's audits have not reached the server yet. */
export async function countUnsentOfCurrentUser(): Promise<number> {
  const user = currentUser()
  if (!user) return 0
  const { countUnsentForUser } = await import('../../offline/user-data')
  return countUnsentForUser(user.id)
}

/** Ends the session and clears this user's drafts, waiting items and cache on this device. */
export async function signOutOnDevice(): Promise<void> {
  const user = currentUser()
  // The consultant's lead alerts stop on this device with the session.
  if (user?.isAdmin) {
    const { unsubscribeThisDevice } = await import('../../backend/push-api')
    await unsubscribeThisDevice()
  }
  endSession()
  if (!user) return
  const { clearUserData } = await import('../../offline/user-data')
  await clearUserData(user.id)
}

/**
 * Deletes the account on the server (after re-checking the password), then every trace of it
 * on this device, then ends the session. Throws the server's error with nothing deleted.
 */
export async function deleteAccount(password: string): Promise<void> {
  const user = currentUser()
  if (!user) throw new Error('Not signed in')
  await deleteAccountOnServerWithPassword(user, password)
  const { forgetAccountOnDevice } = await import('../../offline/forget-account')
  await forgetAccountOnDevice(user.id, user.email)
  endSession()
}

/** Saves the account's name; the saved session takes the answer (the greeting follows). */
export async function saveFullName(userId: string, fullName: string): Promise<void> {
  await updateFullName(pb, userId, fullName)
}
