// Owns the wire side of the outbox: record ids made on this device, one create or one batch of
// creates sent to PocketBase, and what each answer means for the queued item (delivered, failed
// for good, or try again). The queue itself (src/offline/outbox.ts) never sees the SDK.
import type PocketBase from 'pocketbase'
import type { BatchRequestResult, RecordModel } from 'pocketbase'
import { describeError, type DescribedError } from './errors'
import { actionFor, isDailyCap, isUncertainRefusal, parseRetryAfter } from './retry-policy'
import type { OutboxCollection, OutboxPayloads } from './types'
import { stoppedBatchRequest } from '../config/batch-answer'

/** PocketBase's batch limit, set by pb_migrations/1763690100_app_settings.js. */
export const BATCH_MAX = 50
export const REQUEST_TIMEOUT_MS = 30_000

/** One record to create, with the id this device made for it. */
export interface Submission<C extends OutboxCollection = OutboxCollection> {
  id: string
  collection: C
  payload: OutboxPayloads[C]
  /** Only sent while this user is signed in. */
  ownerId?: string
}

export type Outcome =
  | { action: 'delivered' }
  | { action: 'failed'; error: DescribedError }
  | {
      action: 'retry'
      error: DescribedError
      retryAfterMs?: number
      /** An answer that may not be about the item: tried a bounded number of times. */
      limited?: boolean
      /** The owner's session was refused: the item waits until its owner signs in again. */
      waitsForOwner?: boolean
    }

export type BatchAnswer =
  | { kind: 'all'; outcome: Outcome }
  /** The batch was refused as a whole: send one at a time; `known` is what PocketBase said
   *  about the sub-request that failed (the transaction stops at the first failure). */
  | { kind: 'one-by-one'; known?: { index: number; outcome: Outcome } }

export interface OutboxTransport {
  /** False for an owner-bound item while its owner is not the signed-in user. */
  canSend(ownerId: string | undefined): boolean
  sendOne(item: Submission): Promise<Outcome>
  sendBatch(items: Submission[]): Promise<BatchAnswer>
}

export interface TransportOptions {
  fetch?: typeof fetch
  now?: () => number
  requestTimeoutMs?: number
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** A 15-character [a-z0-9] record id from crypto.getRandomValues, without modulo bias. */
export function newRecordId(): string {
  let id = ''
  const limit = 256 - (256 % ID_ALPHABET.length)
  while (id.length < 15) {
    for (const byte of crypto.getRandomValues(new Uint8Array(24))) {
      if (byte < limit && id.length < 15) id += ID_ALPHABET[byte % ID_ALPHABET.length]
    }
  }
  return id
}

// A 200 that is not our record (a captive portal, a proxy's HTML page) proves nothing.
const unexpectedAnswer: Outcome = {
  action: 'retry',
  error: {
    kind: 'server',
    status: 0,
    serverMessage: 'The server gave an unexpected answer.',
    fieldErrors: {},
  },
}

export function pocketBaseTransport(
  pb: PocketBase,
  options: TransportOptions = {},
): OutboxTransport {
  const now = options.now ?? (() => Date.now())
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS

  /** Options for one request: never auto-cancelled, time-limited, Retry-After recorded. */
  function requestOptions() {
    const seen: { retryAfter: string | null } = { retryAfter: null }
    const baseFetch =
      options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
    const recordingFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await baseFetch(input, init)
      seen.retryAfter = res.headers.get('retry-after')
      return res
    }
    return {
      seen,
      send: {
        requestKey: null,
        fetch: recordingFetch,
        signal: AbortSignal.timeout(requestTimeoutMs),
      },
    }
  }

  function outcomeOf(err: unknown, retryAfterHeader: string | null): Outcome {
    const error = describeError(err)
    const retryAfterMs = parseRetryAfter(retryAfterHeader, now())
    if (retryAfterMs !== undefined) error.retryAfterSeconds = Math.ceil(retryAfterMs / 1000)
    const action = actionFor(error)
    if (action === 'delivered') return { action }
    if (action === 'failed') return { action, error }
    return isUncertainRefusal(error)
      ? { action, error, retryAfterMs, limited: true }
      : { action, error, retryAfterMs }
  }

  /**
   * An owner-bound item (a member audit) refused because the session is no longer accepted (a
   * token revoked by a password change, or expired on the server): the session is dropped, so
   * the item waits for its owner to sign in again instead of failing for good.
   */
  function forOwner(item: Submission, outcome: Outcome): Outcome {
    if (!item.ownerId || outcome.action === 'delivered' || !ownerRefused(outcome.error)) {
      return outcome
    }
    pb.authStore.clear()
    return { action: 'retry', error: outcome.error, waitsForOwner: true }
  }

  const body = (item: Submission) => ({ ...item.payload, id: item.id })

  async function sendOne(item: Submission): Promise<Outcome> {
    const { seen, send } = requestOptions()
    try {
      const record: RecordModel = await pb.collection(item.collection).create(body(item), send)
      return record?.id === item.id ? { action: 'delivered' } : unexpectedAnswer
    } catch (err) {
      return forOwner(item, outcomeOf(err, seen.retryAfter))
    }
  }

  async function sendBatch(items: Submission[]): Promise<BatchAnswer> {
    const batch = pb.createBatch()
    for (const item of items) batch.collection(item.collection).create(body(item))
    const { seen, send } = requestOptions()
    let results: BatchRequestResult[]
    try {
      results = await batch.send(send)
    } catch (err) {
      const whole = outcomeOf(err, seen.retryAfter)
      // PocketBase's 400 for a batch whose transaction stopped at one request.
      const stopped = stoppedBatchRequest(
        (err as { response?: { data?: unknown } } | null)?.response?.data,
      )
      if (stopped) {
        const { index, response: sub } = stopped
        const outcome = outcomeOf({ status: sub.status, response: sub }, seen.retryAfter)
        // Throttling applies to the whole batch, but a daily cap only to that item's kind (the
        // outbox then holds back only that kind); anything else is about that one item.
        if (outcome.action === 'retry' && sub.status === 429 && !isDailyCap(outcome.error))
          return { kind: 'all', outcome }
        if (index >= 0 && index < items.length)
          return { kind: 'one-by-one', known: { index, outcome: forOwner(items[index], outcome) } }
        return { kind: 'one-by-one' }
      }
      if (whole.action === 'failed') return { kind: 'one-by-one' } // e.g. batch API disabled
      return { kind: 'all', outcome: whole }
    }
    const allOurs =
      Array.isArray(results) &&
      results.length === items.length &&
      results.every((r, i) => r?.status >= 200 && r.status < 300 && r.body?.id === items[i].id)
    return allOurs ? { kind: 'all', outcome: { action: 'delivered' } } : { kind: 'one-by-one' }
  }

  function canSend(ownerId: string | undefined): boolean {
    if (!ownerId) return true
    return pb.authStore.isValid && pb.authStore.record?.id === ownerId
  }

  return { canSend, sendOne, sendBatch }
}

/** Codes with which the server refuses a member audit sent without (or with a dead) session. */
const SESSION_REFUSED_CODES: Record<string, string[]> = {
  flow: ['validation_sign_in_required'],
  user: ['validation_not_yours', 'validation_required'],
}

function ownerRefused(error: DescribedError): boolean {
  if (error.status === 401 || error.status === 403) return error.fromPocketBase !== false
  if (error.status !== 400) return false
  const codes = error.fieldCodes ?? {}
  return Object.keys(SESSION_REFUSED_CODES).some((field) =>
    SESSION_REFUSED_CODES[field].includes(codes[field] ?? ''),
  )
}
