// Maps a failed PocketBase call (a ClientResponseError, or anything thrown) to what the
// visitor is told, with the exact texts of SPEC.md §8. Duck-typed so it does not pull the
// SDK into bundles that only need the messages.

export type ErrorKind =
  | 'network' // status 0: no connection, DNS, CORS, aborted
  | 'duplicate' // 400 with data.id.code === 'validation_not_unique': already delivered
  | 'validation' // other 400
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'rate_limited' // 429
  | 'server' // 5xx or unknown

export interface DescribedError {
  kind: ErrorKind
  status: number
  /** Server message, e.g. "Failed to create record." */
  serverMessage: string
  /** Field name -> server message, e.g. { email: 'Must be a valid email address.' } */
  fieldErrors: Record<string, string>
  /** Seconds from a Retry-After header, when the server sent one. */
  retryAfterSeconds?: number
}

interface ResponseErrorLike {
  status?: number
  message?: string
  response?: { message?: string; data?: Record<string, { code?: string; message?: string }> }
  originalError?: unknown
  isAbort?: boolean
}

export function describeError(err: unknown): DescribedError {
  const e = (err ?? {}) as ResponseErrorLike
  const status = typeof e.status === 'number' ? e.status : 0
  const data = e.response?.data ?? {}
  const fieldErrors: Record<string, string> = {}
  for (const [field, detail] of Object.entries(data)) {
    if (detail && typeof detail === 'object' && typeof detail.message === 'string') {
      fieldErrors[field] = detail.message
    }
  }
  const serverMessage = e.response?.message ?? e.message ?? ''
  return { kind: kindOf(status, data), status, serverMessage, fieldErrors }
}

function kindOf(status: number, data: Record<string, { code?: string }>): ErrorKind {
  if (status === 0) return 'network'
  if (status === 400 && data.id?.code === 'validation_not_unique') return 'duplicate'
  if (status === 400) return 'validation'
  if (status === 401) return 'unauthenticated'
  if (status === 403) return 'forbidden'
  if (status === 404) return 'not_found'
  if (status === 429) return 'rate_limited'
  return 'server'
}

/** The user-facing texts of SPEC.md §8, by situation. */
export const messages = {
  newsletterSuccess: '🎉 Thanks! Business growth tips are on their way to your inbox!',
  newsletterFailure: 'Oops! Something went wrong. Please try again.',
  contactSuccess: "Thank you! Your message has been sent successfully. I'll get back to you soon!",
  contactFailure:
    'Sorry, there was an error sending your message. Please try again or contact me directly via email.',
  auditSaveFailure: 'There was an error saving your audit. Please try again.',
  freeAuditProcessFailure: 'There was an error processing your audit. Please try again.',
  freeAuditEmailFailure: 'There was an error. Please try again.',
  adminLoadFailure: 'Failed to fetch audit data',
  authFailure: 'Authentication error',
  signupFailure: 'Signup error',
  deleteWrongPassword: 'Incorrect password. Account deletion cancelled.',
  deleteTooMany: 'Too many failed attempts. Please try again later.',
  deleteFailure: 'Error deleting account. Please try again or contact support.',
  deleteSuccess: 'Account and all data have been permanently deleted.',
  deleteCancelled: 'Account deletion cancelled.',
  deleteConfirm:
    'Are you sure you want to delete your account? This will permanently delete all your data including audit history. This action cannot be undone.',
  passwordResetSent: 'Password reset email sent.',
  offline: 'You appear to be offline. Please check your connection and try again.',
} as const

/** Sign-in: never reveals whether the e-mail is registered. */
export function loginErrorMessage(err: unknown): string {
  const d = describeError(err)
  if (d.kind === 'network') return messages.offline
  if (d.kind === 'rate_limited')
    return 'Too many sign-in attempts. Please wait a minute and try again.'
  if (d.kind === 'validation' || d.kind === 'unauthenticated' || d.kind === 'forbidden') {
    return 'Incorrect email or password.'
  }
  return d.serverMessage || messages.authFailure
}

/** Account deletion (SPEC.md §8). */
export function deleteAccountErrorMessage(err: unknown): string {
  const d = describeError(err)
  if (d.kind === 'rate_limited') return messages.deleteTooMany
  if (d.kind === 'validation' || d.kind === 'unauthenticated') return messages.deleteWrongPassword
  return messages.deleteFailure
}
