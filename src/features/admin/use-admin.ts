// The admin console's data hooks: who may see the page, server lists that reload when their
// query changes, and live updates. Components get data only through these and admin-api.ts.
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import { pb } from '../../backend/client'
import { subscribeToChanges, type AdminCollection, type AdminFilter } from '../../backend/admin-api'
import { describeError } from '../../backend/errors'
import { actionFor, backoffDelayMs } from '../../backend/retry-policy'
import { refreshSession, useSession } from '../../backend/session'
import { csvFileName } from './csv'
import { downloadCsv } from './download'
import { periodStart, type Period } from './format'

export type AdminAccess = 'signed-out' | 'checking' | 'admin' | 'not-admin'

/**
 * Reflects the server's answer to "is this user the admin?": the saved session decides the
 * first render, then a token refresh brings in a promotion or demotion made since sign-in
 * (and clears a session the server no longer accepts). The collection rules are the guard.
 */
export function useAdminAccess(): AdminAccess {
  const { user } = useSession()
  const userId = user?.id ?? null
  const [checkedUserId, setCheckedUserId] = useState<string | null>(null)

  useEffect(() => {
    if (!userId) return
    let live = true
    refreshSession().finally(() => {
      if (live) setCheckedUserId(userId)
    })
    return () => {
      live = false
    }
  }, [userId])

  if (!user) return 'signed-out'
  if (user.isAdmin) return 'admin'
  return checkedUserId === user.id ? 'not-admin' : 'checking'
}

export interface ServerData<T> {
  /** The data for the current query (kept while a refresh of the same query runs). */
  data: T | undefined
  /** The last load of the current query failed. */
  error: unknown
  /** Nothing to show yet for the current query. */
  loading: boolean
  /** Loads the current query again without blanking what is shown. */
  refresh: () => void
  /** Replaces the shown data locally (optimistic updates). */
  patch: (update: (data: T) => T) => void
}

interface Settled<T> {
  key: string
  round: number
  data?: T
  error?: unknown
}

/**
 * When the connection comes back, a failed load is tried again. If that load fails for the
 * network or the server, it is tried again by itself up to this many times, after the outbox's
 * back-off (at most 2, 4, 8, 16 and 32 s); after that, Try Again is the consultant's.
 */
export const AUTO_RETRIES = 5

/**
 * Loads `load()` whenever `key` (a description of the query) changes, ignoring answers to
 * queries that are no longer current.
 */
export function useServerData<T>(key: string, load: () => Promise<T>): ServerData<T> {
  const [round, setRound] = useState(0)
  const [settled, setSettled] = useState<Settled<T>>({ key: '', round: -1 })
  const runLoad = useEffectEvent(load)
  // Loads tried since the connection came back, while they fail (0: it did not just come back).
  const sinceOnline = useRef(0)

  useEffect(() => {
    let live = true
    runLoad().then(
      (data) => {
        if (!live) return
        sinceOnline.current = 0
        setSettled({ key, round, data })
      },
      (error: unknown) => {
        if (!live) return
        // A failed refresh keeps what was shown; the error is reported beside it.
        setSettled((prev) => ({
          key,
          round,
          data: prev.key === key ? prev.data : undefined,
          error,
        }))
      },
    )
    return () => {
      live = false
    }
  }, [key, round])

  // A load that failed is tried again by itself when the connection comes back. The 'online'
  // event can come before the connection carries a request: a load it started that fails for the
  // network or the server (not for the request) is tried again after a back-off, a few times.
  const failedNow = settled.key === key && settled.error !== undefined && settled.round === round
  const worthRetrying = failedNow && actionFor(describeError(settled.error)) === 'retry'
  useEffect(() => {
    if (!failedNow) return
    const retry = () => setRound((r) => r + 1)
    const onOnline = () => {
      sinceOnline.current = 1
      retry()
    }
    window.addEventListener('online', onOnline)
    const tries = sinceOnline.current
    const timer =
      worthRetrying && tries > 0 && tries <= AUTO_RETRIES && navigator.onLine !== false
        ? setTimeout(
            () => {
              sinceOnline.current = tries + 1
              retry()
            },
            backoffDelayMs(tries, Math.random()),
          )
        : undefined
    return () => {
      window.removeEventListener('online', onOnline)
      clearTimeout(timer)
    }
  }, [failedNow, worthRetrying])

  const current = settled.key === key
  const retryingAfterError = current && settled.error !== undefined && settled.round !== round
  const refresh = useCallback(() => setRound((r) => r + 1), [])
  const patch = useCallback(
    (update: (data: T) => T) =>
      setSettled((prev) => (prev.data === undefined ? prev : { ...prev, data: update(prev.data) })),
    [],
  )
  return {
    data: current ? settled.data : undefined,
    error: current && !retryingAfterError ? settled.error : undefined,
    loading: !current || (retryingAfterError && settled.data === undefined),
    refresh,
    patch,
  }
}

export interface ChangeBatch {
  /** Ids of records created since the last batch. */
  created: string[]
  /** True when the batch includes a reconnect after a drop (events may have been missed). */
  reconnected: boolean
}

/**
 * Calls `onChanges` (batched over a short quiet period) when records of the collection change
 * on the server, or after the realtime connection recovers from a drop. A first connection
 * that fails is retried with back-off (the SDK only reconnects connections it once had).
 */
export function useLiveChanges(
  collection: AdminCollection,
  onChanges: (batch: ChangeBatch) => void,
  enabled = true,
) {
  const deliver = useEffectEvent(onChanges)
  const pending = useRef<ChangeBatch>({ created: [], reconnected: false })

  useEffect(() => {
    if (!enabled) return
    let stopped = false
    let flushTimer: ReturnType<typeof setTimeout> | undefined

    const flush = () => {
      const batch = pending.current
      pending.current = { created: [], reconnected: false }
      if (!stopped) deliver(batch)
    }

    const unsubscribe = keepSubscribed(() =>
      subscribeToChanges(pb, collection, (event) => {
        if (event.action === 'create' && event.recordId)
          pending.current.created.push(event.recordId)
        if (event.action === 'reconnect') pending.current.reconnected = true
        clearTimeout(flushTimer)
        flushTimer = setTimeout(flush, 250)
      }),
    )

    return () => {
      stopped = true
      clearTimeout(flushTimer)
      unsubscribe()
    }
  }, [collection, enabled])
}

/**
 * Holds a realtime subscription until the function it returns is called. A first subscription
 * that fails is tried again with back-off (1 s, 2 s, 4 s ... at most 30 s): the SDK reconnects
 * only a connection it once had. One stopped before its subscription came is unsubscribed when
 * it comes.
 */
export function keepSubscribed(subscribe: () => Promise<() => Promise<void>>): () => void {
  let stopped = false
  let stop: (() => Promise<void>) | null = null
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let attempt = 0
  const start = () => {
    subscribe().then(
      (unsubscribe) => {
        if (stopped) void unsubscribe()
        else stop = unsubscribe
      },
      () => {
        if (stopped) return
        retryTimer = setTimeout(start, Math.min(30_000, 1000 * 2 ** attempt))
        attempt += 1
      },
    )
  }
  start()
  return () => {
    stopped = true
    clearTimeout(retryTimer)
    void stop?.()
  }
}

/** `value`, settled for `delayMs` (typing in the filter box does not query every keystroke). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settledValue, setSettledValue] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettledValue(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settledValue
}

/**
 * The filter row's state of one tab: the typed e-mail (queried once typing settles), the
 * period, and the page, which goes back to 1 whenever the filter (or `extraKey`) changes.
 */
export function useListControls(extraKey = '') {
  const [emailInput, setEmailInput] = useState('')
  const email = useDebounced(emailInput.trim(), 300)
  const [period, setPeriodValue] = useState<Period>('all')
  const [since, setSince] = useState<Date | null>(null)
  const filter = useMemo<AdminFilter>(() => ({ email, since }), [email, since])
  const filterKey = JSON.stringify([email, since?.toISOString() ?? '', extraKey])
  const [paging, setPaging] = useState({ filterKey, page: 1 })
  const page = paging.filterKey === filterKey ? paging.page : 1

  return {
    emailInput,
    setEmailInput,
    period,
    setPeriod: (next: Period) => {
      setPeriodValue(next)
      setSince(periodStart(next, new Date()))
    },
    filter,
    filterKey,
    page,
    setPage: (next: number) => setPaging({ filterKey, page: next }),
  }
}

/** Runs an export: loads every matching row, builds the CSV, saves it with today's date. */
export function useCsvExport() {
  const [exporting, setExporting] = useState(false)
  const [note, setNote] = useState('')

  async function run<T>(
    fileNamePrefix: string,
    loadAll: () => Promise<T[]>,
    toCsv: (rows: T[]) => string,
    noun: string,
  ) {
    setExporting(true)
    setNote('')
    try {
      const rows = await loadAll()
      downloadCsv(csvFileName(fileNamePrefix, new Date()), toCsv(rows))
      setNote(`Exported ${rows.length} ${noun}.`)
    } catch {
      setNote('The export failed. Please check your connection and try again.')
    } finally {
      setExporting(false)
    }
  }

  return { exporting, note, run }
}
