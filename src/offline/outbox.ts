// Owns the submission outbox: every contact message, newsletter sign-up and audit is written
// to IndexedDB first, then sent to PocketBase with an id made here, so a retry can never
// create a second record (a duplicate id means "already delivered"). Items are sent oldest
// first, in one batch request when several are due, by one tab at a time.
import type PocketBase from 'pocketbase'
import type { BatchRequestResult, RecordModel } from 'pocketbase'
import { describeError, type DescribedError } from '../backend/errors'
import { offlineDb, type OfflineDatabase, type OutboxCollection, type OutboxItem } from './db'
import {
  browserLocks,
  leaseFlushLock,
  webLockFlushLock,
  type FlushLock,
  type LockManagerLike,
} from './flush-lock'
import { actionFor, backoffDelayMs, parseRetryAfter } from './retry-policy'
import { markOutboxMaybeNonEmpty } from './outbox-hint'
import { startSyncLoop, type SyncLoop } from './sync-loop'

export type { OutboxCollection, OutboxItem } from './db'

/** PocketBase's batch limit, set by pb_migrations/1763690100_app_settings.js. */
export const BATCH_MAX = 50
export const REQUEST_TIMEOUT_MS = 30_000
/** How long a claimed item is left alone by others: longer than any one request. */
export const ITEM_LEASE_MS = 2 * REQUEST_TIMEOUT_MS
/** How long enqueue waits for the first send before answering 'queued'. */
export const ENQUEUE_WAIT_MS = 15_000
/** Upper bound on chunks per flush, so a bug can never spin forever. */
const MAX_ROUNDS = 200

export interface EnqueueOptions {
  /** Only send while this user is signed in (member audits). */
  ownerId?: string
  /** Delete this draft in the same transaction that queues the item. */
  clearDraft?: { flow: string; userId?: string }
}

export interface EnqueueResult {
  id: string
  status: 'sent' | 'queued' | 'failed'
  error?: DescribedError
}

export interface FlushReport {
  /** False when another tab or outbox instance was flushing. */
  acquired: boolean
  delivered: number
  failed: number
  retrying: number
}

export interface FlushOptions {
  /** Wait this long for another tab's flush to end instead of giving up at once. */
  waitMs?: number
  /** Also try items held back only by a network error (the browser just came back online). */
  wake?: boolean
}

export interface Outbox {
  readonly db: OfflineDatabase
  enqueue(
    collection: OutboxCollection,
    payload: Record<string, unknown>,
    opts?: EnqueueOptions,
  ): Promise<EnqueueResult>
  /** Sends every due item. `waitMs`: wait that long if another tab is flushing. */
  flush(opts?: FlushOptions): Promise<FlushReport>
  /** Puts a failed item back in the queue and flushes. */
  retry(id: string): Promise<void>
  discard(id: string): Promise<void>
  /** When the next item this client may send becomes due (epoch ms), or null. */
  nextDueAt(): Promise<number | null>
  /** Called after every flush attempt, e.g. to schedule the next one. */
  onFlush(listener: (report: FlushReport) => void): () => void
}

export interface OutboxOptions {
  db: OfflineDatabase
  /** The SDK client, or a loader for it (the app imports the SDK lazily). */
  pb: PocketBase | (() => Promise<PocketBase>)
  fetch?: typeof fetch
  now?: () => number
  random?: () => number
  /** Web Locks; `null` forces the lease fallback. Defaults to navigator.locks when present. */
  locks?: LockManagerLike | null
  requestTimeoutMs?: number
  itemLeaseMs?: number
  enqueueWaitMs?: number
  /** Called once an item is safely stored. */
  onEnqueued?: (item: OutboxItem) => void
}

type Outcome =
  | { action: 'delivered' }
  | { action: 'failed'; error: DescribedError }
  | { action: 'retry'; error: DescribedError; retryAfterMs?: number }

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

export function createOutbox(options: OutboxOptions): Outbox {
  const { db } = options
  const now = options.now ?? (() => Date.now())
  const random = options.random ?? Math.random
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS
  const itemLeaseMs = options.itemLeaseMs ?? ITEM_LEASE_MS
  const enqueueWaitMs = options.enqueueWaitMs ?? ENQUEUE_WAIT_MS
  const instanceId = newRecordId()
  const listeners = new Set<(report: FlushReport) => void>()

  const locks = options.locks === undefined ? browserLocks() : options.locks
  const lock: FlushLock = locks
    ? webLockFlushLock(locks, `outbox-flush:${db.name}`)
    : leaseFlushLock(db, instanceId, itemLeaseMs, now)

  let client: PocketBase | undefined
  async function getClient(): Promise<PocketBase> {
    if (client) return client
    const pb = options.pb
    client = typeof pb === 'function' ? await pb() : pb
    return client
  }

  function canSend(item: OutboxItem, pb: PocketBase): boolean {
    if (!item.ownerId) return true
    return pb.authStore.isValid && pb.authStore.record?.id === item.ownerId
  }

  function isDue(item: OutboxItem, at: number): boolean {
    if (item.status === 'queued') return item.nextAttemptAt <= at
    // A 'sending' item whose sender vanished (tab closed mid-request) is due once its lease ends.
    if (item.status === 'sending') return (item.leaseUntil ?? 0) <= at
    return false
  }

  async function dueItems(pb: PocketBase): Promise<OutboxItem[]> {
    const at = now()
    return db.outbox
      .orderBy('seq')
      .filter((item) => isDue(item, at) && canSend(item, pb))
      .toArray()
  }

  /** Marks items as ours for one lease; returns those nobody else took in the meantime. */
  function claim(items: OutboxItem[]): Promise<OutboxItem[]> {
    return db.transaction('rw', db.outbox, async () => {
      const at = now()
      const claimed: OutboxItem[] = []
      for (const { id } of items) {
        const fresh = await db.outbox.get(id)
        const ours = fresh?.status === 'sending' && fresh.claimedBy === instanceId
        if (!fresh || !(ours || isDue(fresh, at))) continue
        const update = {
          status: 'sending' as const,
          leaseUntil: at + itemLeaseMs,
          claimedBy: instanceId,
        }
        await db.outbox.update(id, update)
        claimed.push({ ...fresh, ...update })
      }
      return claimed
    })
  }

  /** Gives back items that were claimed but not sent in this pass. */
  async function release(items: OutboxItem[]): Promise<void> {
    await db.transaction('rw', db.outbox, async () => {
      for (const { id } of items) {
        const fresh = await db.outbox.get(id)
        if (fresh?.status === 'sending' && fresh.claimedBy === instanceId) {
          await db.outbox.update(id, {
            status: 'queued',
            leaseUntil: undefined,
            claimedBy: undefined,
          })
        }
      }
    })
  }

  async function apply(item: OutboxItem, outcome: Outcome, report: FlushReport, retryAt?: number) {
    if (outcome.action === 'delivered') {
      await db.transaction('rw', db.outbox, db.meta, async () => {
        await db.outbox.delete(item.id)
        await db.meta.put({ key: 'lastSyncedAt', value: now() })
      })
      report.delivered++
      return
    }
    const attempts = item.attempts + 1
    if (outcome.action === 'failed') {
      report.failed++
      await db.outbox.update(item.id, {
        status: 'failed',
        attempts,
        lastError: outcome.error,
        leaseUntil: undefined,
        claimedBy: undefined,
      })
      return
    }
    report.retrying++
    await db.outbox.update(item.id, {
      status: 'queued',
      attempts,
      nextAttemptAt: retryAt ?? now() + backoffDelayMs(attempts, random(), outcome.retryAfterMs),
      lastError: outcome.error,
      leaseUntil: undefined,
      claimedBy: undefined,
    })
  }

  /** One retry time for a whole group keeps their order when they are tried again. */
  function groupRetryAt(items: OutboxItem[], outcome: Outcome): number {
    const attempts = Math.max(...items.map((i) => i.attempts)) + 1
    const retryAfterMs = outcome.action === 'retry' ? outcome.retryAfterMs : undefined
    return now() + backoffDelayMs(attempts, random(), retryAfterMs)
  }

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
    return { action, error, retryAfterMs }
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

  function body(item: OutboxItem) {
    return { ...item.payload, id: item.id }
  }

  async function sendOne(pb: PocketBase, item: OutboxItem): Promise<Outcome> {
    const { seen, send } = requestOptions()
    try {
      const record: RecordModel = await pb.collection(item.collection).create(body(item), send)
      return record?.id === item.id ? { action: 'delivered' } : unexpectedAnswer
    } catch (err) {
      return outcomeOf(err, seen.retryAfter)
    }
  }

  type BatchAnswer =
    | { kind: 'all'; outcome: Outcome }
    /** The batch was refused as a whole: send one at a time; `known` is what PocketBase said
     *  about the sub-request that failed (the transaction stops at the first failure). */
    | { kind: 'one-by-one'; known?: { index: number; outcome: Outcome } }

  async function sendBatch(pb: PocketBase, items: OutboxItem[]): Promise<BatchAnswer> {
    const batch = pb.createBatch()
    for (const item of items) batch.collection(item.collection).create(body(item))
    const { seen, send } = requestOptions()
    let results: BatchRequestResult[]
    try {
      results = await batch.send(send)
    } catch (err) {
      const whole = outcomeOf(err, seen.retryAfter)
      const failedRequests = failedSubRequests(err)
      if (whole.action === 'failed' && failedRequests) {
        const [index, sub] = failedRequests
        const outcome = outcomeOf({ status: sub.status, response: sub }, seen.retryAfter)
        // Throttling applies to the whole batch; anything else is about that one item.
        if (outcome.action === 'retry' && sub.status === 429) return { kind: 'all', outcome }
        if (index >= 0 && index < items.length)
          return { kind: 'one-by-one', known: { index, outcome } }
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

  /** True when the connection or the server says stop for now (no point trying the rest). */
  function saysStop(outcome: Outcome): outcome is Extract<Outcome, { action: 'retry' }> {
    return (
      outcome.action === 'retry' && (outcome.error.status === 0 || outcome.error.status === 429)
    )
  }

  type Stop = { until: number; error: DescribedError }

  /** The retry time the item got, to hold every other due item back as long. */
  async function stopAfter(item: OutboxItem, outcome: Outcome): Promise<Stop | undefined> {
    if (!saysStop(outcome)) return undefined
    const until = (await db.outbox.get(item.id))?.nextAttemptAt ?? now()
    return { until, error: outcome.error }
  }

  /** Sends one claimed chunk and records every outcome; says so if the rest must wait. */
  async function sendChunk(
    pb: PocketBase,
    items: OutboxItem[],
    report: FlushReport,
    renew: () => Promise<boolean>,
  ): Promise<Stop | undefined> {
    if (items.length === 1) {
      const outcome = await sendOne(pb, items[0])
      await apply(items[0], outcome, report)
      return stopAfter(items[0], outcome)
    }
    const answer = await sendBatch(pb, items)
    if (answer.kind === 'all') {
      const { outcome } = answer
      const retryAt = outcome.action === 'retry' ? groupRetryAt(items, outcome) : undefined
      for (const item of items) await apply(item, outcome, report, retryAt)
      return saysStop(outcome) ? { until: retryAt ?? now(), error: outcome.error } : undefined
    }
    let rest = items
    if (answer.known) {
      const { index, outcome } = answer.known
      await apply(items[index], outcome, report)
      rest = items.filter((_, i) => i !== index)
    }
    for (let i = 0; i < rest.length; i++) {
      if (!(await renew())) {
        await release(rest.slice(i)) // another tab took over the flush
        return undefined
      }
      const [item] = await claim([rest[i]])
      if (!item) continue // discarded meanwhile
      const outcome = await sendOne(pb, item)
      await apply(item, outcome, report)
      const stop = await stopAfter(item, outcome)
      if (stop) {
        await release(rest.slice(i + 1))
        return stop
      }
    }
    return undefined
  }

  /** Holds back every other due item: the server is unreachable or throttling. */
  async function deferDue(pb: PocketBase, stop: Stop): Promise<void> {
    await db.transaction('rw', db.outbox, async () => {
      for (const item of await dueItems(pb)) {
        if (item.status !== 'queued') continue
        // The reason is recorded too: only items held back by the network are woken early.
        await db.outbox.update(item.id, { nextAttemptAt: stop.until, lastError: stop.error })
      }
    })
  }

  /** Items held back only by a network error become due now. */
  async function wakeNetworkWaiters(): Promise<void> {
    const at = now()
    await db.outbox
      .where('status')
      .equals('queued')
      .filter((item) => item.nextAttemptAt > at && item.lastError?.kind === 'network')
      .modify({ nextAttemptAt: at })
  }

  async function flushHoldingLock(
    renew: () => Promise<boolean>,
    opts: FlushOptions,
  ): Promise<FlushReport> {
    const report: FlushReport = { acquired: true, delivered: 0, failed: 0, retrying: 0 }
    const pb = await getClient()
    if (opts.wake) await wakeNetworkWaiters()
    for (let round = 0; round < MAX_ROUNDS; round++) {
      if (!(await renew())) break
      const due = await dueItems(pb)
      if (due.length === 0) break
      const claimed = await claim(due.slice(0, BATCH_MAX))
      if (claimed.length === 0) break
      const deliveredBefore = report.delivered
      const stop = await sendChunk(pb, claimed, report, renew)
      if (stop) {
        await deferDue(pb, stop)
        break
      }
      // A delivery proves the connection works again: send what waited only for it, together.
      if (report.delivered > deliveredBefore) await wakeNetworkWaiters()
    }
    return report
  }

  let inFlight: Promise<FlushReport> | undefined

  async function flush(opts: FlushOptions = {}): Promise<FlushReport> {
    // One flush per instance at a time (the lease is per instance, so it cannot tell).
    while (inFlight) {
      if (!opts.waitMs) return notify({ acquired: false, delivered: 0, failed: 0, retrying: 0 })
      await inFlight.catch(() => undefined)
    }
    inFlight = lock
      .run((renew) => flushHoldingLock(renew, opts), opts)
      .then((result) =>
        result.acquired ? result.value : { acquired: false, delivered: 0, failed: 0, retrying: 0 },
      )
    try {
      return notify(await inFlight)
    } finally {
      inFlight = undefined
    }
  }

  function notify(report: FlushReport): FlushReport {
    for (const listener of listeners) listener(report)
    return report
  }

  async function enqueue(
    collection: OutboxCollection,
    payload: Record<string, unknown>,
    opts: EnqueueOptions = {},
  ): Promise<EnqueueResult> {
    const id = newRecordId()
    const at = now()
    const item = await db.transaction('rw', db.outbox, db.drafts, async () => {
      const last = await db.outbox.orderBy('seq').last()
      const queued: OutboxItem = {
        id,
        collection,
        payload,
        status: 'queued',
        attempts: 0,
        nextAttemptAt: at,
        createdAt: at,
        seq: (last?.seq ?? 0) + 1,
      }
      if (opts.ownerId) queued.ownerId = opts.ownerId
      await db.outbox.add(queued)
      if (opts.clearDraft) {
        await db.drafts.delete([opts.clearDraft.flow, opts.clearDraft.userId ?? ''])
      }
      return queued
    })
    options.onEnqueued?.(item)

    if (!isOnline()) return { id, status: 'queued' }
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      await Promise.race([
        flush({ waitMs: enqueueWaitMs }),
        new Promise((resolve) => (timer = setTimeout(resolve, enqueueWaitMs))),
      ])
    } catch (err) {
      // The item is stored and the sync loop tries again; only this answer is 'queued'.
      console.warn('outbox: flush after enqueue failed', err)
    } finally {
      clearTimeout(timer)
    }
    const stored = await db.outbox.get(id)
    if (!stored) return { id, status: 'sent' }
    if (stored.status === 'failed') return { id, status: 'failed', error: stored.lastError }
    return stored.lastError
      ? { id, status: 'queued', error: stored.lastError }
      : { id, status: 'queued' }
  }

  async function retry(id: string): Promise<void> {
    await db.outbox.update(id, {
      status: 'queued',
      attempts: 0,
      nextAttemptAt: now(),
      lastError: undefined,
    })
    await flush()
  }

  async function discard(id: string): Promise<void> {
    await db.outbox.delete(id)
  }

  async function nextDueAt(): Promise<number | null> {
    const waiting = await db.outbox.where('status').anyOf('queued', 'sending').toArray()
    if (waiting.length === 0) return null
    const pb = waiting.some((i) => i.ownerId) ? await getClient() : undefined
    let next: number | null = null
    for (const item of waiting) {
      if (item.ownerId && (!pb || !canSend(item, pb))) continue
      const at = item.status === 'queued' ? item.nextAttemptAt : (item.leaseUntil ?? 0)
      if (next === null || at < next) next = at
    }
    return next
  }

  function onFlush(listener: (report: FlushReport) => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }

  return { db, enqueue, flush, retry, discard, nextDueAt, onFlush }
}

/** PocketBase 0.40 answers a failed batch with 400 and data.requests[index].response. */
function failedSubRequests(
  err: unknown,
): [number, { status: number; message?: string; data?: Record<string, unknown> }] | undefined {
  const requests = (err as { response?: { data?: { requests?: unknown } } })?.response?.data
    ?.requests
  if (!requests || typeof requests !== 'object') return undefined
  for (const [key, value] of Object.entries(requests as Record<string, unknown>)) {
    const response = (value as { response?: { status?: unknown } } | null)?.response
    if (response && typeof response.status === 'number') {
      return [Number(key), response as { status: number }]
    }
  }
  return undefined
}

function isOnline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator
  return nav?.onLine !== false
}

// --- the app-wide outbox ------------------------------------------------------------------

let appOutbox: Outbox | undefined
let appSyncLoop: SyncLoop | undefined
let persistRequested = false

/** The outbox of this browser profile: app database, lazily loaded SDK client, sync loop. */
export function getAppOutbox(): Outbox {
  if (appOutbox) return appOutbox
  appOutbox = createOutbox({
    db: offlineDb(),
    pb: async () => {
      const { pb } = await import('../backend/client')
      // Owner-bound items wait for their owner: look again whenever someone signs in.
      pb.authStore.onChange(() => appSyncLoop?.kick())
      return pb
    },
    onEnqueued: () => {
      markOutboxMaybeNonEmpty(true)
      requestPersistentStorage()
    },
  })
  if (typeof window !== 'undefined') appSyncLoop = startSyncLoop(appOutbox)
  return appOutbox
}

/** Queues a submission and tries to send it at once. See DESIGN.md §5. */
export function enqueue(
  collection: OutboxCollection,
  payload: Record<string, unknown>,
  opts?: EnqueueOptions,
): Promise<EnqueueResult> {
  return getAppOutbox().enqueue(collection, payload, opts)
}

export function flushOutbox(): Promise<FlushReport> {
  return getAppOutbox().flush()
}

export function retryOutboxItem(id: string): Promise<void> {
  return getAppOutbox().retry(id)
}

export function discardOutboxItem(id: string): Promise<void> {
  return getAppOutbox().discard(id)
}

// Asked when the first item is queued: without it the browser may evict a waiting outbox.
function requestPersistentStorage() {
  if (persistRequested) return
  persistRequested = true
  const storage = (globalThis as { navigator?: { storage?: StorageManager } }).navigator?.storage
  if (!storage?.persist) return
  void storage
    .persisted()
    .then((already) => (already ? true : storage.persist()))
    .catch(() => undefined)
}
