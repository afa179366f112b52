// The pages account e-mails link to (verify e-mail, reset password, confirm e-mail change):
// confirming a link's token with PocketBase and sorting the answer; and asking for an e-mail
// change. Only those lazy pages and the change-e-mail card load this module. The `...Token` calls take the client first, like account-api.ts, so integration
// tests can use them; the others act on the app's session.
import type PocketBase from 'pocketbase'
import { accountMessages, FIELD_LABELS, fieldCodes } from './account-api'
import { messages } from '../config/messages'
import { COMMON_PASSWORD_MESSAGE } from '../config/passwords'
import { pb } from './client'
import { describeError } from './errors'
import { currentUser, refreshSession } from './session'

// PocketBase sends at most one verification mail per account every 2 minutes.
export const verificationResent =
  'Verification email sent. Please check your inbox. (One goes out at most every 2 minutes: if one came just now, use that.)'

export const emailChangeMessages = {
  // The same words whether or not the new address is free (account enumeration).
  requested: (email: string) =>
    `If ${email} can be used, a confirmation link is on its way to it. Open it to finish the change; until then you sign in with your current email.`,
  same: 'That is already the email of your account.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  failure: 'The confirmation email could not be sent right now. Please try again later.',
} as const
import { collections } from './types'

/**
 * What a link's token did: `done`; `invalid` (expired, already used, or not a token: the server
 * cannot tell these apart); or a problem with what was typed (`field`), the connection
 * (`offline`), the rate limit or the server.
 */
export type TokenOutcome =
  | { kind: 'done' }
  | { kind: 'invalid' }
  | { kind: 'field'; field: string; message: string }
  | { kind: 'offline' }
  | { kind: 'rate_limited' }
  | { kind: 'failed' }

/** Sorts a confirm-* failure: a bad token wins over anything else the server says. */
export function tokenOutcome(err: unknown): TokenOutcome {
  const d = describeError(err)
  if (d.kind === 'network') return { kind: 'offline' }
  if (d.kind === 'rate_limited') return { kind: 'rate_limited' }
  if (d.kind !== 'validation') return { kind: 'failed' }
  if (d.fieldErrors.token) return { kind: 'invalid' }
  const codes = fieldCodes(err)
  if (codes.password === 'validation_invalid_password') {
    return { kind: 'field', field: 'password', message: accountMessages.wrongPassword }
  }
  if (
    codes.password?.startsWith('validation_length') ||
    codes.password?.startsWith('validation_min')
  ) {
    return { kind: 'field', field: 'password', message: accountMessages.passwordTooShort }
  }
  if (codes.password === 'validation_common_password') {
    return { kind: 'field', field: 'password', message: COMMON_PASSWORD_MESSAGE }
  }
  const [field, message] = Object.entries(d.fieldErrors)[0] ?? []
  if (field && message)
    return { kind: 'field', field, message: `${FIELD_LABELS[field] ?? field}: ${message}` }
  // A 400 naming nothing: PocketBase answers so to tokens it cannot even read.
  return { kind: 'invalid' }
}

async function outcomeOf(call: Promise<unknown>): Promise<TokenOutcome> {
  try {
    await call
    return { kind: 'done' }
  } catch (err) {
    return tokenOutcome(err)
  }
}

/** Marks the token's user verified (the SDK also updates a matching signed-in record). */
export function confirmVerificationToken(pb: PocketBase, token: string): Promise<TokenOutcome> {
  return outcomeOf(pb.collection(collections.users).confirmVerification(token))
}

/** Sets the new password; every session of that user ends (PocketBase renews its token key). */
export function confirmPasswordResetToken(
  pb: PocketBase,
  token: string,
  password: string,
  passwordConfirm: string,
): Promise<TokenOutcome> {
  return outcomeOf(
    pb.collection(collections.users).confirmPasswordReset(token, password, passwordConfirm),
  )
}

/** Moves the account to the token's new e-mail after re-checking the current password. */
export function confirmEmailChangeToken(
  pb: PocketBase,
  token: string,
  password: string,
): Promise<TokenOutcome> {
  return outcomeOf(pb.collection(collections.users).confirmEmailChange(token, password))
}

/** The new e-mail a change token is for, read from its payload (shown, never trusted). */
export function emailOfChangeToken(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? ''
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const email = (JSON.parse(json) as { newEmail?: unknown }).newEmail
    return typeof email === 'string' && email.includes('@') ? email : null
  } catch {
    return null
  }
}

/** Verifies the e-mail of the link's token; a signed-in session then picks up the new state. */
export async function confirmVerification(token: string): Promise<TokenOutcome> {
  const outcome = await confirmVerificationToken(pb, token)
  if (outcome.kind === 'done' && currentUser()) await refreshSession()
  return outcome
}

/**
 * Sets a new password. PocketBase then voids every session of that user: the refresh ends a
 * session on this device if it was theirs, and leaves anyone else's alone.
 */
export async function confirmPasswordReset(
  token: string,
  password: string,
  passwordConfirm: string,
): Promise<TokenOutcome> {
  const outcome = await confirmPasswordResetToken(pb, token, password, passwordConfirm)
  if (outcome.kind === 'done' && currentUser()) await refreshSession()
  return outcome
}

/** Moves the account to its new e-mail; as with a reset, the user's sessions end. */
export async function confirmEmailChange(token: string, password: string): Promise<TokenOutcome> {
  const outcome = await confirmEmailChangeToken(pb, token, password)
  if (outcome.kind === 'done' && currentUser()) await refreshSession()
  return outcome
}

/** Mails a confirmation link to `newEmail` (the signed-in user's own request). */
export async function sendEmailChange(pb: PocketBase, newEmail: string): Promise<void> {
  await pb.collection(collections.users).requestEmailChange(newEmail.trim())
}

/**
 * What the Settings tab tells the user after asking to change the e-mail. A taken address gets
 * the same words as a free one, so the form cannot be used to test addresses.
 */
export function emailChangeAnswer(
  newEmail: string,
  err?: unknown,
): { ok: boolean; text: string; field?: 'newEmail' } {
  const neutral = { ok: true, text: emailChangeMessages.requested(newEmail.trim()) }
  if (err === undefined) return neutral
  const d = describeError(err)
  if (d.kind === 'network') return { ok: false, text: messages.offline }
  if (d.kind === 'rate_limited') return { ok: false, text: emailChangeMessages.rateLimited }
  const code = fieldCodes(err).newEmail
  if (code === 'validation_is_email' || code === 'validation_required') {
    return { ok: false, text: `New address: ${d.fieldErrors.newEmail}`, field: 'newEmail' }
  }
  if (code === 'validation_not_in_invalid')
    return { ok: false, text: emailChangeMessages.same, field: 'newEmail' }
  if (code === 'validation_unsafe_email')
    return { ok: false, text: messages.emailUnsafeCharacters, field: 'newEmail' }
  // Taken (validation_invalid_new_email), or whatever else the server says about the address.
  if (code) return neutral
  return { ok: false, text: emailChangeMessages.failure }
}

/** Asks PocketBase to mail a confirmation link to the new address (signed in only). */
export async function requestEmailChange(newEmail: string): Promise<void> {
  await sendEmailChange(pb, newEmail)
}
