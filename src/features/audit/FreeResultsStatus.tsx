import { freeResultsMessages } from './audit-messages'
import { DeliveryStatus } from './DeliveryStatus'
import type { LiveDelivery } from './use-audit-delivery'
import { useResultsMailLine } from './use-results-mail'

/**
 * The free report's line: where the audit is, and once it reached the server which mail carries
 * its results (the server decides). Comes with the report's code, not the audit's.
 */
export function FreeResultsStatus({
  auditId,
  email,
  delivery,
}: {
  auditId: string
  email: string
  delivery: LiveDelivery | null
}) {
  const sentText = useResultsMailLine(auditId, email, delivery === 'sent')
  return <DeliveryStatus delivery={delivery} messages={freeResultsMessages} sentText={sentText} />
}
