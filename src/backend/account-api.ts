// Typed PocketBase calls for accounts and the dashboard, and the texts the visitor is told
// about them. Every call takes the client as its first argument so the same code runs in the
// app (src/backend/client.ts via session.ts) and in integration tests against a real server.
import type PocketBase from 'pocketbase'
import type { AccountDeleteRequest, AccountDeleteResponse } from '../../server/accounts/api'
import { emailAddressProblem } from '../config/email-address'
import { messages } from '../config/messages'
import { COMMON_PASSWORD_MESSAGE } from '../config/passwords'
import { describeError } from './errors'
import { collections, type AuditRecord, type UserRecord } from './types'

/** At least 8 characters (NIST SP 800-63B); the users migration enforces it. */
export const MIN_PASSWORD_LENGTH = 8

export const accountMessages = {
  termsRequired: 'You must agree to the Terms and Privacy Policy to continue.',
  passwordMismatch: 'Passwords do not match.',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  // Says nothing about whether the address is registered (account enumeration).
  signupNotPossible:
    "We couldn't create an account with these details. If you already have an account, sign in or reset your password.",
  signupRateLimited: 'Too many attempts. Please wait a minute and try again.',
  resetRequested: 'If an account exists for that email, a password reset link is on its way.',
  resetRateLimited: 'Too many requests. Please wait a minute and try again.',
  verificationSent: 'Verification email sent. Please check your inbox.',
  auditDeleteConfirm: 'Delete this audit? This cannot be undone.',
  auditDeleteFailure: 'The audit could not be deleted. Please try again.',
  offlineSignIn: 'Signing in needs an internet connection.',
  linkFailure: 'Something went wrong on our side. Please try again in a minute.',
  wrongPassword: 'Incorrect password.',
} as const

export interface SignupInput {
  fullName: string
  email: string
  password: string
  passwordConfirm: string
  newsletterConsent: boolean
  agreedToTerms: boolean
}

export type SignupField = 'fullName' | 'email' | 'password' | 'passwordConfirm' | 'agreedToTerms'

/** The sign-up form's checks, in order; null when the form may be sent. */
export function validateSignup(input: SignupInput): { field: SignupField; message: string } | null {
  const unsafe = emailAddressProblem(input.email)
  if (unsafe) return { field: 'email', message: unsafe }
  if (!input.agreedToTerms)
    return { field: 'agreedToTerms', message: accountMessages.termsRequired }
  return validateNewPassword(input.password, input.passwordConfirm)
}

/** A new password, typed twice: the same rules as sign-up (password reset uses them too). */
export function validateNewPassword(
  password: string,
  passwordConfirm: string,
): { field: 'password' | 'passwordConfirm'; message: string } | null {
  const input = { password, passwordConfirm }
  if (input.password !== input.passwordConfirm) {
    return { field: 'passwordConfirm', message: accountMessages.passwordMismatch }
  }
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    return { field: 'password', message: accountMessages.passwordTooShort }
  }
  return null
}

/** What is wrong with one field of a new password typed twice (null: nothing). */
export function newPasswordProblem(
  field: 'password' | 'passwordConfirm',
  password: string,
  passwordConfirm: string,
): string | null {
  if (field === 'password') {
    if (!password) return 'Please choose a password.'
    return password.length < MIN_PASSWORD_LENGTH ? accountMessages.passwordTooShort : null
  }
  if (!passwordConfirm) return 'Please type the password again.'
  return passwordConfirm === password ? null : accountMessages.passwordMismatch
}

/** Creates the user; the server trims/lowercases the e-mail and stamps agreedToTermsAt. */
export async function createAccount(pb: PocketBase, input: SignupInput): Promise<UserRecord> {
  return pb.collection(collections.users).create<UserRecord>({
    email: input.email.trim(),
    password: input.password,
    passwordConfirm: input.passwordConfirm,
    fullName: input.fullName.trim(),
    newsletterConsent: input.newsletterConsent,
    agreedToTermsAt: new Date().toISOString(),
  })
}

/**
 * The create was answered like a success but the new password does not sign in: the e-mail
 * is already registered (server/accounts/signup.ts answers a taken e-mail exactly like a
 * new one, so that sign-up cannot be used to test addresses).
 */
export class SignupNotPossibleError extends Error {
  constructor(readonly cause: unknown) {
    super('The account could not be created')
  }
}

/** Creates the account and signs in with it; the session is in pb.authStore afterwards. */
export async function registerAndSignIn(pb: PocketBase, input: SignupInput) {
  await createAccount(pb, input)
  try {
    return await signInWithPassword(pb, input.email, input.password)
  } catch (err) {
    if (describeError(err).kind === 'validation') throw new SignupNotPossibleError(err)
    throw err
  }
}

export const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  password: 'Password',
  passwordConfirm: 'Confirm Password',
  fullName: 'Full name',
}

/** Sign-up failure text: never confirms that an e-mail is registered. */
export function signupErrorMessage(err: unknown): string {
  if (err instanceof SignupNotPossibleError) return accountMessages.signupNotPossible
  const d = describeError(err)
  if (d.kind === 'network') return messages.offline
  if (d.kind === 'rate_limited') return accountMessages.signupRateLimited
  const codes = fieldCodes(err)
  if (codes.email === 'validation_not_unique') return accountMessages.signupNotPossible
  if (codes.password?.startsWith('validation_min')) return accountMessages.passwordTooShort
  if (codes.password === 'validation_common_password') return COMMON_PASSWORD_MESSAGE
  if (codes.email === 'validation_unsafe_email') return messages.emailUnsafeCharacters
  const [field, message] = Object.entries(d.fieldErrors)[0] ?? []
  if (field && message) return `${FIELD_LABELS[field] ?? field}: ${message}`
  return d.serverMessage || messages.signupFailure
}

/**
 * The server's words on the sign-up's own fields, to show under them (a refused password, an
 * address that is not one). Never a taken address: that gets signupNotPossible, like any other
 * registered e-mail, so sign-up tells nobody which addresses have accounts.
 */
export function signupFieldErrors(err: unknown): Record<string, string> {
  if (err instanceof SignupNotPossibleError) return {}
  const d = describeError(err)
  if (d.kind !== 'validation') return {}
  const codes = fieldCodes(err)
  const errors: Record<string, string> = {}
  for (const [field, message] of Object.entries(d.fieldErrors)) {
    if (field === 'email' && codes.email === 'validation_not_unique') continue
    errors[field] =
      field === 'password' && codes.password?.startsWith('validation_min')
        ? accountMessages.passwordTooShort
        : field === 'password' && codes.password === 'validation_common_password'
          ? COMMON_PASSWORD_MESSAGE
          : field === 'email' && codes.email === 'validation_unsafe_email'
            ? messages.emailUnsafeCharacters
            : message
  }
  return errors
}

export function fieldCodes(err: unknown): Record<string, string | undefined> {
  const data = (err as { response?: { data?: Record<string, { code?: string }> } })?.response?.data
  const codes: Record<string, string | undefined> = {}
  for (const [field, detail] of Object.entries(data ?? {})) codes[field] = detail?.code
  return codes
}

export async function signInWithPassword(pb: PocketBase, email: string, password: string) {
  return pb.collection(collections.users).authWithPassword<UserRecord>(email.trim(), password)
}

/** PocketBase answers 204 whether or not the e-mail is registered. */
export async function sendPasswordReset(pb: PocketBase, email: string): Promise<void> {
  await pb.collection(collections.users).requestPasswordReset(email.trim())
}

export function passwordResetErrorMessage(err: unknown): string {
  const d = describeError(err)
  if (d.kind === 'network') return messages.offline
  if (d.kind === 'rate_limited') return accountMessages.resetRateLimited
  if (d.fieldErrors.email) return `Email: ${d.fieldErrors.email}`
  return d.serverMessage || messages.authFailure
}

/** Asks PocketBase to mail a verification link (its own mailer and template). */
export async function sendVerification(pb: PocketBase, email: string): Promise<void> {
  await pb.collection(collections.users).requestVerification(email.trim())
}

/** server/accounts/deletion.ts: re-checks the password and deletes everything in one transaction. */
export async function deleteAccountOnServer(
  pb: PocketBase,
  password: string,
): Promise<AccountDeleteResponse> {
  const body: AccountDeleteRequest = { password }
  return pb.send('/api/account/delete', { method: 'POST', body })
}

/**
 * The dashboard's audits: the signed-in user's own, and the free ones made with their e-mail
 * once it is verified. The server filters by this session's id and e-mail (and its rules still
 * decide what anyone may read): without the filter an admin, whom the rules let read every
 * audit, would get every visitor's audits on their own dashboard.
 */
export function ownAuditsFilter(pb: PocketBase): string {
  const user = pb.authStore.record
  if (!user?.id) throw new Error('Not signed in')
  const own = pb.filter('user = {:id}', { id: user.id })
  if (!user.verified || typeof user.email !== 'string' || !user.email) return own
  return `${own} || ${pb.filter('email = {:email}', { email: user.email.toLowerCase() })}`
}

export async function fetchAudits(pb: PocketBase): Promise<AuditRecord[]> {
  return pb
    .collection(collections.audits)
    .getFullList<AuditRecord>({ filter: ownAuditsFilter(pb), sort: '-created' })
}

export async function deleteAudit(pb: PocketBase, auditId: string): Promise<void> {
  await pb.collection(collections.audits).delete(auditId)
}

export type RefreshOutcome = 'refreshed' | 'signed-out' | 'kept' | 'no-session'

/**
 * Refreshes the saved token. The session is cleared ONLY when the server says it is no longer
 * valid (401/403); a network failure, a server error or a reply cut off keeps it (offline use must
 * survive).
 */
export async function refreshAuth(pb: PocketBase): Promise<RefreshOutcome> {
  const tokenBefore = pb.authStore.token
  if (!tokenBefore) return 'no-session'
  try {
    // Sent by hand, not with authRefresh(): the SDK would save the new token even if the user
    // signed out while the request was in flight, silently signing them back in.
    const reply = await pb.send<{ token: string; record: UserRecord }>(
      `/api/collections/${collections.users}/auth-refresh`,
      { method: 'POST', requestKey: null },
    )
    if (pb.authStore.token !== tokenBefore) return 'kept'
    // The SDK answers an unreadable body (a reply cut off on a patchy line after its status) with
    // {}: saving that would sign the user out. Only a whole session replaces the one we have.
    if (
      typeof reply?.token !== 'string' ||
      !reply.token ||
      reply.record?.id !== pb.authStore.record?.id
    ) {
      return 'kept'
    }
    pb.authStore.save(reply.token, reply.record)
    return 'refreshed'
  } catch (err) {
    const { kind } = describeError(err)
    if (kind === 'unauthenticated' || kind === 'forbidden') {
      // Only the session we tried to refresh is void; a newer sign-in stays.
      if (pb.authStore.token === tokenBefore) pb.authStore.clear()
      return 'signed-out'
    }
    return 'kept'
  }
}
