import { useCallback, useEffect, useMemo, useState } from 'react'
import { describeError } from '../../backend/errors'
import { useSession } from '../../backend/session'
import { messages } from '../../config/messages'
import { deleteMyAudit, syncMyAudits } from '../../offline/my-audits'
import { useCachedAudits } from '../../offline/audit-cache'
import { useOutboxStatus, usePendingOutboxItems } from '../../offline/status'
import {
  mergeAudits,
  waitingAudit,
  type AuditEngine,
  type DashboardAudit,
} from './dashboard-audits'

const NETWORK = messages.offline

export type SyncState = 'loading' | 'synced' | 'offline' | 'error'

export interface MyAudits {
  /** Newest first: the cached server audits merged with the ones waiting in the outbox. */
  list: DashboardAudit[]
  /** False until the local cache has been read once. */
  ready: boolean
  /** When the cached list was last fetched from the server (epoch ms). */
  syncedAt: number | null
  state: SyncState
  error: string | null
  refresh: () => void
  remove: (auditId: string) => Promise<void>
}

/**
 * The dashboard renders the cache; the server fetch only refreshes it. Fetches on open, when
 * the connection returns, whenever the outbox has delivered something and once the e-mail is
 * verified.
 */
export function useMyAudits(userId: string): MyAudits {
  const cached = useCachedAudits(userId)
  const outboxItems = usePendingOutboxItems('audits', userId)
  const { online, lastSyncedAt } = useOutboxStatus()
  const [attempt, setAttempt] = useState(0)
  // Verifying the e-mail opens up the free audits made with it: fetch again when it happens.
  const { verified } = useSession()
  // The answer to the latest fetch; `request` tells a stale answer from the current one.
  const [answer, setAnswer] = useState<{ request: string; error: string | null } | null>(null)
  const request = `${userId}|${lastSyncedAt}|${attempt}|${verified}`

  useEffect(() => {
    if (!online) return
    let current = true
    syncMyAudits(userId).then(
      () => current && setAnswer({ request, error: null }),
      (err) => {
        if (!current) return
        const network = describeError(err).kind === 'network'
        setAnswer({
          request,
          error: network ? NETWORK : 'Your audits could not be loaded right now.',
        })
      },
    )
    return () => {
      current = false
    }
  }, [userId, online, request])

  let state: SyncState = 'loading'
  if (!online || (answer?.request === request && answer.error === NETWORK)) state = 'offline'
  else if (answer?.request === request) state = answer.error ? 'error' : 'synced'
  const error = state === 'error' ? (answer?.error ?? null) : null

  const engine = useAuditEngine()
  const list = useMemo(
    () =>
      mergeAudits(
        cached.audits,
        outboxItems.map((item) => waitingAudit(item, engine)),
      ),
    [cached.audits, outboxItems, engine],
  )
  const refresh = useCallback(() => setAttempt((n) => n + 1), [])
  const remove = useCallback((auditId: string) => deleteMyAudit(userId, auditId), [userId])

  return {
    list,
    ready: cached.ready,
    syncedAt: cached.syncedAt,
    state,
    error,
    refresh,
    remove,
  }
}

/**
 * Loads the audit engine after the dashboard has rendered (it is not needed to render it), so
 * audits queued later - perhaps offline - can be scored on the device.
 */
function useAuditEngine(): AuditEngine | null {
  const [engine, setEngine] = useState<AuditEngine | null>(null)
  useEffect(() => {
    if (engine) return
    let current = true
    import('../../audit').then(
      (module) => current && setEngine(module),
      (err) => console.error('The audit engine could not be loaded', err),
    )
    return () => {
      current = false
    }
  }, [engine])
  return engine
}
