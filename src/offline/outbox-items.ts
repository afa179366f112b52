// Owns the state of queued items in IndexedDB: which are due, who is sending them, and what each
// send's outcome does to them (delete on delivery, mark failed, or schedule the next try). Every
// change is one Dexie transaction, so a closed tab never leaves an item half-updated.
import {
  UNCERTAIN_REFUSAL_MAX_ATTEMPTS,
  backoffDelayMs,
  isDailyCap,
  longestWaitMs,
} from '../backend/retry-policy'
import type { Outcome } from '../backend/outbox-transport'
import type { DescribedError } from '../backend/errors'
import type { OfflineDatabase, OutboxCollection, OutboxItem } from './db'

export interface FlushReport {
  /** False when another tab or outbox instance was flushing. */
  acquired: boolean
  delivered: number
  failed: number
  retrying: number
}

/**
 * Why the rest of a flush must wait: the server is unreachable or throttling. With a
 * `collection`, only the items of that collection wait (a daily cap on that kind of item).
 */
export type Stop = { until: number; error: DescribedError; collection?: OutboxCollection }

export interface ItemStoreOptions {
  db: OfflineDatabase
  /** Which outbox instance this is; written on the items it claims. */
  instanceId: string
  itemLeaseMs: number
  /**
   * True when flushing takes a Web Lock: the browser releases it with the page that held it, so
   * while this instance flushes no other live one is sending, and an item another instance
   * claimed was left by a page that is gone (reloaded or closed mid-request).
   */
  lockGoesWithPage?: boolean
  now: () => number
  random: () => number
}

export type ItemStore = ReturnType<typeof itemStore>

export function itemStore({
  db,
  instanceId,
  itemLeaseMs,
  lockGoesWithPage = false,
  now,
  random,
}: ItemStoreOptions) {
  /**
   * Items the server has but this database could not remove, with when to try again. Kept in
   * memory only: if even that write fails, a later visit sends them once more (a duplicate id
   * is "delivered") and removes them then.
   */
  const undeleted = new Map<string, { attempts: number; at: number }>()

  function removeDelivered(id: string): Promise<void> {
    return db.transaction('rw', db.outbox, db.meta, async () => {
      await db.outbox.delete(id)
      await db.meta.put({ key: 'lastSyncedAt', value: now() })
    })
  }

  /** Tries again to remove delivered items whose back-off has passed. */
  async function removalsDue(): Promise<void> {
    const at = now()
    for (const [id, state] of undeleted) {
      if (state.at > at) continue
      try {
        await removeDelivered(id)
        undeleted.delete(id)
      } catch {
        const attempts = state.attempts + 1
        undeleted.set(id, { attempts, at: at + backoffDelayMs(attempts, random()) })
      }
    }
  }

  /**
   * A wait longer than the policy ever sets means the clock was moved back after it was set
   * (a lease or retry time stored a day ahead would stall the item for a day): such waits are
   * cut to the longest the policy allows from now, and stored so.
   */
  async function capWaits(): Promise<void> {
    const at = now()
    await db.outbox
      .where('status')
      .anyOf('queued', 'sending')
      .modify((item) => {
        const longest = at + longestWaitMs(item.lastError)
        if (item.status === 'queued' && item.nextAttemptAt > longest) item.nextAttemptAt = longest
        if (item.status === 'sending' && (item.leaseUntil ?? 0) > at + itemLeaseMs) {
          item.leaseUntil = at
        }
      })
  }

  /** When `item` may be tried again, with any wait the clock made impossible cut short. */
  function waitEnd(item: OutboxItem, at: number): number {
    if (item.status === 'queued') {
      return Math.min(item.nextAttemptAt, at + longestWaitMs(item.lastError))
    }
    return Math.min(item.leaseUntil ?? 0, at + itemLeaseMs)
  }

  /** Asked while holding the flush lock (`due`, `claim`). */
  function isDue(item: OutboxItem, at: number): boolean {
    if (undeleted.has(item.id)) return false
    if (item.status === 'queued') return item.nextAttemptAt <= at
    // A 'sending' item whose sender vanished (tab closed mid-request) is due once its lease ends,
    // or at once where the flush lock went with the sender's page.
    if (item.status === 'sending') {
      return (item.leaseUntil ?? 0) <= at || (lockGoesWithPage && item.claimedBy !== instanceId)
    }
    return false
  }

  /** Due items this client may send, oldest first. */
  function due(canSend: (item: OutboxItem) => boolean): Promise<OutboxItem[]> {
    const at = now()
    return db.outbox
      .orderBy('seq')
      .filter((item) => isDue(item, at) && canSend(item))
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

  /** Records one send's outcome on its item and in the report. */
  async function apply(item: OutboxItem, outcome: Outcome, report: FlushReport, retryAt?: number) {
    if (outcome.action === 'delivered') {
      report.delivered++
      try {
        await removeDelivered(item.id)
      } catch (err) {
        // The server has it; only the local write failed (quota, a broken database). Never send
        // it again: remove it later, with back-off (removalsDue).
        undeleted.set(item.id, { attempts: 1, at: now() + backoffDelayMs(1, random()) })
        console.warn('outbox: could not remove a delivered item', err)
      }
      return
    }
    const attempts = item.attempts + 1
    const released = { leaseUntil: undefined, claimedBy: undefined }
    const gaveUp =
      outcome.action === 'retry' && outcome.limited
        ? attempts >= UNCERTAIN_REFUSAL_MAX_ATTEMPTS
        : false
    if (outcome.action === 'failed' || gaveUp) {
      report.failed++
      await db.outbox.update(item.id, {
        status: 'failed',
        attempts,
        lastError: outcome.error,
        ...released,
      })
      return
    }
    report.retrying++
    await db.outbox.update(item.id, {
      status: 'queued',
      attempts,
      // Waiting for its owner is not a back-off: it goes as soon as the owner is signed in.
      nextAttemptAt: outcome.waitsForOwner
        ? now()
        : (retryAt ?? now() + backoffDelayMs(attempts, random(), outcome.retryAfterMs)),
      lastError: outcome.error,
      ...released,
    })
  }

  /** One retry time for a whole group keeps their order when they are tried again. */
  function groupRetryAt(items: OutboxItem[], outcome: Outcome): number {
    const attempts = Math.max(...items.map((i) => i.attempts)) + 1
    const retryAfterMs = outcome.action === 'retry' ? outcome.retryAfterMs : undefined
    return now() + backoffDelayMs(attempts, random(), retryAfterMs)
  }

  /** The retry time the item got, to hold every other due item back as long. */
  async function stopAfter(item: OutboxItem, outcome: Outcome): Promise<Stop | undefined> {
    if (!saysStop(outcome)) return undefined
    const until = (await db.outbox.get(item.id))?.nextAttemptAt ?? now()
    return isDailyCap(outcome.error)
      ? { until, error: outcome.error, collection: item.collection }
      : { until, error: outcome.error }
  }

  /**
   * Holds back every other due item (the server is unreachable or throttling), or only those of
   * the stop's collection.
   */
  async function deferDue(canSend: (item: OutboxItem) => boolean, stop: Stop): Promise<void> {
    await db.transaction('rw', db.outbox, async () => {
      for (const item of await due(canSend)) {
        if (item.status !== 'queued') continue
        if (stop.collection && item.collection !== stop.collection) continue
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

  /** When the next item this client may send becomes due (epoch ms), or null. */
  async function nextDueAt(
    canSend: (item: OutboxItem) => boolean | Promise<boolean>,
  ): Promise<number | null> {
    const waiting = await db.outbox.where('status').anyOf('queued', 'sending').toArray()
    const current = now()
    let next: number | null = null
    for (const { at } of undeleted.values()) if (next === null || at < next) next = at
    for (const item of waiting) {
      if (undeleted.has(item.id) || !(await canSend(item))) continue
      const at = waitEnd(item, current)
      if (next === null || at < next) next = at
    }
    return next
  }

  return {
    capWaits,
    removalsDue,
    due,
    claim,
    release,
    apply,
    groupRetryAt,
    stopAfter,
    deferDue,
    wakeNetworkWaiters,
    nextDueAt,
  }
}

/**
 * True when the connection or the server says stop for now (no point trying the rest): no
 * answer, a 429, or an answer that is not PocketBase's (a captive portal answers every request).
 */
export function saysStop(outcome: Outcome): outcome is Extract<Outcome, { action: 'retry' }> {
  if (outcome.action !== 'retry') return false
  const { status, fromPocketBase } = outcome.error
  return status === 0 || status === 429 || (fromPocketBase === false && status >= 400)
}
