// Pure display helpers of the Integrations tab: an endpoint's state and an attempt's result in
// the consultant's words.
import type { WebhookAttempt, WebhookEndpoint } from '../../backend/webhooks-api'
import { label } from '../../config/labels'
import { webhookEventLabels, WEBHOOK_DISABLE_AFTER_FAILING_HOURS } from '../../config/webhooks'
import { formatDateTime } from './format'

export type EndpointTone = 'ok' | 'warning' | 'off' | 'new'

/** The endpoint's state as one line, and how worried the console should look. */
export function endpointState(endpoint: WebhookEndpoint): { tone: EndpointTone; text: string } {
  if (!endpoint.enabled && endpoint.disabledReason === 'failing') {
    const days = Math.round(WEBHOOK_DISABLE_AFTER_FAILING_HOURS / 24)
    return {
      tone: 'off',
      text: `Switched off on ${formatDateTime(endpoint.disabledAt)}: every delivery failed for ${days} days. Fix the receiver, then switch it on again.`,
    }
  }
  if (!endpoint.enabled) return { tone: 'off', text: 'Switched off: nothing is sent to it.' }
  if (endpoint.failingSince) {
    return {
      tone: 'warning',
      text: `Failing since ${formatDateTime(endpoint.failingSince)}; deliveries are being retried.`,
    }
  }
  if (endpoint.lastSuccessAt) {
    return {
      tone: 'ok',
      text: `Working: last delivered ${formatDateTime(endpoint.lastSuccessAt)}.`,
    }
  }
  return { tone: 'new', text: 'On. Nothing delivered yet: send a test event to check it.' }
}

/** "200 OK in 85 ms", "No answer", "Refused": what happened to one attempt. */
export function attemptResult(attempt: WebhookAttempt): string {
  if (attempt.outcome === 'refused') return 'Refused (address not allowed)'
  if (attempt.statusCode > 0) {
    const verdict = attempt.outcome === 'delivered' ? 'delivered' : 'not accepted'
    return `HTTP ${attempt.statusCode}, ${verdict}`
  }
  return attempt.outcome === 'delivered' ? 'Delivered' : 'No answer'
}

export const outcomeLabels: Record<WebhookAttempt['outcome'], string> = {
  delivered: 'Delivered',
  retry: 'Will retry',
  failed: 'Gave up',
  refused: 'Refused',
}

export function eventLabel(type: string): string {
  return label(webhookEventLabels, type)
}

/** "85 ms", "1.2 s" */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`
}
