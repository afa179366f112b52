// Maps a failed PocketBase call (a ClientResponseError, or anything thrown) to a kind of
// failure, and sign-in / deletion failures to the texts in src/config/messages.ts. Duck-typed
// so it does not pull the SDK into the bundles that use it.
import { messages } from '../config/messages'

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
  /** Field name -> PocketBase's error code, e.g. { flow: 'validation_sign_in_required' }. */
  fieldCodes?: Record<string, string>
  /**
   * True when the body was PocketBase's JSON error ({ status, message, data }); false for an
   * answer from something else on the way (a proxy's or captive portal's HTML page).
   */
  fromPocketBase?: boolean
}

interface ResponseErrorLike {
  status?: number
  message?: string
  response?: {
    status?: unknown
    message?: string
    data?: Record<string, { code?: string; message?: string }>
  }
  originalError?: unknown
  isAbort?: boolean
}

export function describeError(err: unknown): DescribedError {
  const e = (err ?? {}) as ResponseErrorLike
  const status = typeof e.status === 'number' ? e.status : 0
  const data = e.response?.data ?? {}
  const fieldErrors: Record<string, string> = {}
  const fieldCodes: Record<string, string> = {}
  for (const [field, detail] of Object.entries(data)) {
    if (detail && typeof detail === 'object' && typeof detail.message === 'string') {
      fieldErrors[field] = detail.message
      if (typeof detail.code === 'string') fieldCodes[field] = detail.code
    }
  }
  const serverMessage = e.response?.message ?? e.message ?? ''
  const fromPocketBase =
    typeof e.response?.status === 'number' && typeof e.response.message === 'string'
  return {
    kind: kindOf(status, data),
    status,
    serverMessage,
    fieldErrors,
    fieldCodes,
    fromPocketBase,
  }
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

/** Sign-in: never reveals whether the e-mail is registered. */
export function loginErrorMessage(err: unknown): string {
  const d = describeError(err)
  if (d.kind === 'network') return messages.offline
  if (d.kind === 'rate_limited') return messages.loginTooMany
  if (d.kind === 'validation' || d.kind === 'unauthenticated' || d.kind === 'forbidden') {
    return messages.loginRefused
  }
  return d.serverMessage || messages.authFailure
}

/** Account deletion: wrong password, too many tries, or anything else. */
export function deleteAccountErrorMessage(err: unknown): string {
  const d = describeError(err)
  if (d.kind === 'rate_limited') return messages.deleteTooMany
  if (d.kind === 'validation' || d.kind === 'unauthenticated') return messages.deleteWrongPassword
  return messages.deleteFailure
}
