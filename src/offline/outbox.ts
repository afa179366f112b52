// Owns the submission outbox: every contact message, newsletter sign-up and audit is written
// to IndexedDB first, then sent with an id made on this device, so a retry can never create a
// second record (a duplicate id means "already delivered"). Items are sent oldest first, in one
// batch when several are due, by one tab at a time. Why each lock exists:
// docs/decisions/001-client-ids-and-the-outbox.md.
import type PocketBase from 'pocketbase'
import type { DescribedError } from '../backend/errors'
import {
  BATCH_MAX,
  REQUEST_TIMEOUT_MS,
  newRecordId,
  pocketBaseTransport,
  type OutboxTransport,
} from '../backend/outbox-transport'
import type { OutboxCollection, OutboxPayloads } from '../backend/types'
import type { OfflineDatabase, OutboxItem } from './db'
import {
  browserLocks,
  flushLockName,
  leaseFlushLock,
  webLockFlushLock,
  type FlushLock,
  type LockManagerLike,
} from './flush-lock'
import { itemStore, saysStop, type FlushReport, type Stop } from './outbox-items'

export type { OutboxCollection, OutboxItem } from './db'
export type { FlushReport } from './outbox-items'

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
  /** Called once the item is stored, before its first send (enqueue resolves after that). */
  onStored?: (id: string) => void
}

export interface EnqueueResult {
  id: string
  status: 'sent' | 'queued' | 'failed'
  error?: DescribedError
}

export interface FlushOptions {
  /** Wait this long for another tab's flush to end instead of giving up at once. */
  waitMs?: number
  /** Also try items held back only by a network error (the browser just came back online). */
  wake?: boolean
}

export interface Outbox {
  readonly db: OfflineDatabase
  enqueue<C extends OutboxCollection>(
    collection: C,
    payload: OutboxPayloads[C],
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

const notAcquired = (): FlushReport => ({ acquired: false, delivered: 0, failed: 0, retrying: 0 })

export function createOutbox(options: OutboxOptions): Outbox {
  const { db } = options
  const now = options.now ?? (() => Date.now())
  const itemLeaseMs = options.itemLeaseMs ?? ITEM_LEASE_MS
  const enqueueWaitMs = options.enqueueWaitMs ?? ENQUEUE_WAIT_MS
  const instanceId = newRecordId()
  const listeners = new Set<(report: FlushReport) => void>()
  const locks = options.locks === undefined ? browserLocks() : options.locks
  const lock: FlushLock = locks
    ? webLockFlushLock(locks, flushLockName(db.name))
    : leaseFlushLock(db, instanceId, itemLeaseMs, now)
  const items = itemStore({
    db,
    instanceId,
    itemLeaseMs,
    lockGoesWithPage: Boolean(locks),
    now,
    random: options.random ?? Math.random,
  })

  let transport: OutboxTransport | undefined
  async function getTransport(): Promise<OutboxTransport> {
    if (transport) return transport
    const pb = typeof options.pb === 'function' ? await options.pb() : options.pb
    transport = pocketBaseTransport(pb, {
      fetch: options.fetch,
      now,
      requestTimeoutMs: options.requestTimeoutMs,
    })
    return transport
  }

  /** Sends one claimed chunk and records every outcome; says so if the rest must wait. */
  async function sendChunk(
    wire: OutboxTransport,
    chunk: OutboxItem[],
    report: FlushReport,
    renew: () => Promise<boolean>,
  ): Promise<Stop | undefined> {
    if (chunk.length === 1) {
      const outcome = await wire.sendOne(chunk[0])
      await items.apply(chunk[0], outcome, report)
      return items.stopAfter(chunk[0], outcome)
    }
    const answer = await wire.sendBatch(chunk)
    if (answer.kind === 'all') {
      const { outcome } = answer
      const retryAt = outcome.action === 'retry' ? items.groupRetryAt(chunk, outcome) : undefined
      for (const item of chunk) await items.apply(item, outcome, report, retryAt)
      return saysStop(outcome) ? { until: retryAt ?? now(), error: outcome.error } : undefined
    }
    let rest = chunk
    if (answer.known) {
      const { index, outcome } = answer.known
      await items.apply(chunk[index], outcome, report)
      rest = chunk.filter((_, i) => i !== index)
      // A daily cap on that item's kind: the others of its kind wait too, the rest go on.
      const stop = await items.stopAfter(chunk[index], outcome)
      if (stop?.collection) {
        const held = rest.filter((item) => item.collection === stop.collection)
        await items.release(held)
        await items.deferDue(() => true, stop)
        rest = rest.filter((item) => item.collection !== stop.collection)
      }
    }
    for (let i = 0; i < rest.length; i++) {
      if (!(await renew())) {
        await items.release(rest.slice(i)) // another tab took over the flush
        return undefined
      }
      const [item] = await items.claim([rest[i]])
      if (!item) continue // discarded meanwhile
      const outcome = await wire.sendOne(item)
      await items.apply(item, outcome, report)
      const stop = await items.stopAfter(item, outcome)
      if (stop) {
        await items.release(rest.slice(i + 1))
        return stop
      }
    }
    return undefined
  }

  async function flushHoldingLock(
    renew: () => Promise<boolean>,
    opts: FlushOptions,
  ): Promise<FlushReport> {
    const report: FlushReport = { acquired: true, delivered: 0, failed: 0, retrying: 0 }
    const wire = await getTransport()
    const canSend = (item: OutboxItem) => wire.canSend(item.ownerId)
    await items.removalsDue()
    await items.capWaits()
    if (opts.wake) await items.wakeNetworkWaiters()
    for (let round = 0; round < MAX_ROUNDS; round++) {
      if (!(await renew())) break
      const due = await items.due(canSend)
      if (due.length === 0) break
      const claimed = await items.claim(due.slice(0, BATCH_MAX))
      if (claimed.length === 0) break
      const deliveredBefore = report.delivered
      const stop = await sendChunk(wire, claimed, report, renew)
      if (stop) {
        await items.deferDue(canSend, stop)
        // A daily cap holds back only its own kind of item: the others are still sent.
        if (stop.collection) continue
        break
      }
      // A delivery proves the connection works again: send what waited only for it, together.
      if (report.delivered > deliveredBefore) await items.wakeNetworkWaiters()
    }
    return report
  }

  // One flush per instance at a time: the lease fallback is per instance, so it cannot tell.
  let inFlight: Promise<FlushReport> | undefined

  async function flush(opts: FlushOptions = {}): Promise<FlushReport> {
    while (inFlight) {
      if (!opts.waitMs) return notify(notAcquired())
      await inFlight.catch(() => undefined)
    }
    inFlight = lock
      .run((renew) => flushHoldingLock(renew, opts), opts)
      .then((result) => (result.acquired ? result.value : notAcquired()))
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

  async function enqueue<C extends OutboxCollection>(
    collection: C,
    payload: OutboxPayloads[C],
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
    opts.onStored?.(id)

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

  // The SDK is loaded only when an owner-bound item waits: its owner must be the one signed in.
  const nextDueAt = () =>
    items.nextDueAt(async (item) => !item.ownerId || (await getTransport()).canSend(item.ownerId))

  function onFlush(listener: (report: FlushReport) => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }

  return { db, enqueue, flush, retry, discard, nextDueAt, onFlush }
}

function isOnline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator
  return nav?.onLine !== false
}
