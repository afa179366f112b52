// The layout's outbox status without the cost: Dexie, the outbox and the SDK are loaded only
// when the outbox may hold items (a localStorage hint) or something gets queued in any tab.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { OutboxItem } from './db'
import { onOutboxMaybeNonEmpty, outboxMaybeNonEmpty } from './outbox-hint'
import { useOnline } from './online'
import type { OutboxStatusSnapshot } from './status'

/** How long "All changes sent" stays after the last pending item is delivered. */
export const ALL_SENT_NOTICE_MS = 5_000

export interface OutboxStatusLine {
  online: boolean
  pending: number
  failed: OutboxItem[]
  /** True for a few seconds after pending items drained without failures. */
  justSent: boolean
  retry(id: string): Promise<void>
  discard(id: string): Promise<void>
}

export function useOutboxStatusLine(): OutboxStatusLine {
  const online = useOnline()
  const [status, setStatus] = useState<OutboxStatusSnapshot | null>(null)
  const [justSent, setJustSent] = useState(false)
  const previousPending = useRef(0)

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
          if (previousPending.current > 0 && next.pending === 0 && next.failed.length === 0) {
            setJustSent(true)
          }
          previousPending.current = next.pending
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
    if (!justSent) return
    const timer = setTimeout(() => setJustSent(false), ALL_SENT_NOTICE_MS)
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
    justSent: justSent && pending === 0,
    retry,
    discard,
  }
}
