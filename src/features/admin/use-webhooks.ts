// The Integrations tab's data: the endpoints and each one's delivery log, reloaded when the
// server reports a change (realtime) or the connection comes back. Components get data only
// through these and webhooks-api.ts.
import { useEffect, useEffectEvent } from 'react'
import { pb } from '../../backend/client'
import { listAttempts, listEndpoints, subscribeToWebhookChanges } from '../../backend/webhooks-api'
import { WEBHOOK_LOG_PAGE_SIZE } from '../../config/webhooks'
import { keepSubscribed, useServerData } from './use-admin'

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
    let flushTimer: ReturnType<typeof setTimeout> | undefined
    const unsubscribe = keepSubscribed(() =>
      subscribeToWebhookChanges(pb, () => {
        clearTimeout(flushTimer)
        flushTimer = setTimeout(() => {
          if (!stopped) deliver()
        }, 250)
      }),
    )
    return () => {
      stopped = true
      clearTimeout(flushTimer)
      unsubscribe()
    }
  }, [])
}
