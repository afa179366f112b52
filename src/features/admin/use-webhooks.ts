// The Integrations tab's data: the endpoints and each one's delivery log, reloaded when the
// server reports a change (realtime) or the connection comes back. Components get data only
// through these and webhooks-api.ts.
import { useEffect, useEffectEvent } from 'react'
import { pb } from '../../backend/client'
import { listAttempts, listEndpoints, subscribeToWebhookChanges } from '../../backend/webhooks-api'
import { WEBHOOK_LOG_PAGE_SIZE } from '../../config/webhooks'
import { useServerData } from './use-admin'

export function useEndpoints() {
  return useServerData('webhook-endpoints', () => listEndpoints(pb))
}

export function useAttempts(endpointId: string, perPage = WEBHOOK_LOG_PAGE_SIZE) {
  return useServerData(`webhook-attempts:${endpointId}:${perPage}`, () =>
    listAttempts(pb, endpointId, perPage),
  )
}

/**
 * Calls `onChange` (at most every 250 ms) when endpoints or deliveries change on the server. A
 * first connection that fails is retried with back-off.
 */
export function useWebhookChanges(onChange: () => void) {
  const deliver = useEffectEvent(onChange)
  useEffect(() => {
    let stopped = false
    let stop: (() => Promise<void>) | null = null
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    let flushTimer: ReturnType<typeof setTimeout> | undefined
    let attempt = 0
    const changed = () => {
      clearTimeout(flushTimer)
      flushTimer = setTimeout(() => {
        if (!stopped) deliver()
      }, 250)
    }
    const start = () => {
      subscribeToWebhookChanges(pb, changed).then(
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
      clearTimeout(flushTimer)
      void stop?.()
    }
  }, [])
}
