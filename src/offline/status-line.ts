// The layout's outbox status without the cost: Dexie, the outbox and the SDK are loaded only
// when the outbox may hold items (a localStorage hint) or something gets queued in any tab.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { OutboxItem } from './db'
import { onOutboxMaybeNonEmpty, outboxMaybeNonEmpty } from './outbox-hint'
import { useOnline } from './online'
import type { OutboxStatusSnapshot, SentKind } from './status'

/** How long "Message sent" (and the like) stays after a waiting item is delivered. */
export const ALL_SENT_NOTICE_MS = 5_000

export interface OutboxStatusLine {
  online: boolean
  pending: number
  failed: OutboxItem[]
  /** For a few seconds after waiting items went out: what they were (oldest first). */
  justSent: SentKind[]
  retry(id: string): Promise<void>
  discard(id: string): Promise<void>
}

export function useOutboxStatusLine(): OutboxStatusLine {
  const online = useOnline()
  const [status, setStatus] = useState<OutboxStatusSnapshot | null>(null)
  const [justSent, setJustSent] = useState<SentKind[]>([])
  const previousPending = useRef<OutboxStatusSnapshot['pendingItems']>([])

  useEffect(() => {
    let stop: (() => void) | undefined
    let loading = false
    let cancelled = false
    const load = () => {
      if (loading) return
      loading = true
      void import('./status').then((m) => {
        if (cancelled) return
        stop = m.watchAppOutboxStatus((next) => {
          // What was waiting and is neither waiting nor refused now has reached the server.
          const still = new Set([...next.pendingItems, ...next.failed].map((i) => i.id))
          const sent = previousPending.current.filter((i) => !still.has(i.id)).map((i) => i.kind)
          if (sent.length > 0) setJustSent((before) => [...before, ...sent])
          previousPending.current = next.pendingItems
          setStatus(next)
        })
      })
    }
    if (outboxMaybeNonEmpty()) load()
    const off = onOutboxMaybeNonEmpty(load)
    return () => {
      cancelled = true
      off()
      stop?.()
    }
  }, [])

  useEffect(() => {
    if (justSent.length === 0) return
    const timer = setTimeout(() => setJustSent([]), ALL_SENT_NOTICE_MS)
    return () => clearTimeout(timer)
  }, [justSent])

  const retry = useCallback(async (id: string) => {
    const { retryOutboxItem } = await import('./app-outbox')
    await retryOutboxItem(id)
  }, [])
  const discard = useCallback(async (id: string) => {
    const { discardOutboxItem } = await import('./app-outbox')
    await discardOutboxItem(id)
  }, [])

  const pending = status?.pending ?? 0
  return {
    online,
    pending,
    failed: status?.failed ?? [],
    justSent,
    retry,
    discard,
  }
}
