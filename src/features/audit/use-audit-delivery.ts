// Whether a handed-over audit has reached the server yet: read live from the outbox in
// IndexedDB (read only; src/offline/outbox.ts owns every write). A delivered item leaves the
// outbox, so "no longer there" means sent.
import { useLiveQuery } from 'dexie-react-hooks'
import { isDailyCapAnswer } from '../../config/limits'
import { offlineDb } from '../../offline/db'
import type { AuditDelivery } from './audit-flow-state'

/** `limited`: waiting because today's limit of audits for this network is reached. */
export type LiveDelivery = AuditDelivery | 'failed' | 'limited'

export function useAuditDelivery(
  auditId: string | null,
  handedOver: AuditDelivery | null,
): LiveDelivery | null {
  const item = useLiveQuery(
    async () => (auditId ? ((await offlineDb().outbox.get(auditId)) ?? null) : null),
    [auditId],
  )
  if (!auditId) return null
  // Still reading: what the outbox said at hand-over.
  if (item === undefined) return handedOver
  if (item === null) return 'sent'
  if (item.status === 'failed') return 'failed'
  return isDailyCapAnswer(item.lastError) ? 'limited' : 'queued'
}
