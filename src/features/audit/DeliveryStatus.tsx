import { useOnline } from '../../offline/online'
import type { LiveDelivery } from './use-audit-delivery'

export interface DeliveryMessages {
  sent: string
  /** Waiting, and the browser says it is offline. */
  queuedOffline: string
  /** Waiting although a connection exists (the server did not answer yet). */
  queuedServer: string
  /** Waiting because the server's daily limit for this network is reached. */
  queuedLimited: string
  failed: string
}

/**
 * One honest line on the report about where the audit is; updates live as the outbox sends.
 * `sentText` replaces `messages.sent` once the audit has reached the server (the free report's
 * line about its results mail, which the server decides); null: nothing until it is known.
 */
export function DeliveryStatus({
  delivery,
  messages,
  sentText,
}: {
  delivery: LiveDelivery | null
  messages: DeliveryMessages
  sentText?: string | null
}) {
  const online = useOnline()
  let text: string | null = null
  let kind: 'success' | 'queued' | 'error' = 'queued'
  if (delivery === 'sent') {
    text = sentText === undefined ? messages.sent : sentText
    kind = 'success'
  } else if (delivery === 'queued') {
    text = online ? messages.queuedServer : messages.queuedOffline
  } else if (delivery === 'limited') {
    text = messages.queuedLimited
  } else if (delivery === 'failed') {
    text = messages.failed
    kind = 'error'
  }
  return (
    <div className="audit-report__status no-print" role="status">
      {text && <p className={`form-message form-message--${kind}`}>{text}</p>}
    </div>
  )
}
