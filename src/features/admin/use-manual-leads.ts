// Leads the consultant adds by hand, on their way to the server: queued through the app's outbox
// (a `people` create with an id made on this device, sent like notes, kept while offline), and
// the signed-in admin's leads still there, watched for People's "Waiting to sync" rows.
import { useEffect, useState } from 'react'
import { useSession } from '../../backend/session'
import type { ManualLeadInput } from '../../config/manual-lead'
import type { EnqueueResult } from '../../offline/outbox'
import { watchOwnedOutbox } from '../../offline/watch-owned-outbox'
import { pendingLeads, type PendingLead } from './people-format'

/** Queues a lead; it is sent at once when online (the answer says how it went), else when back. */
export async function queueManualLead(
  lead: ManualLeadInput,
  adminId: string,
): Promise<EnqueueResult> {
  const { enqueue } = await import('../../offline/app-outbox')
  return enqueue('people', lead, { ownerId: adminId })
}

/** Takes a lead out of the outbox (one the server refused, once it is edited or given up). */
export async function discardLead(id: string): Promise<void> {
  const { discardOutboxItem } = await import('../../offline/app-outbox')
  await discardOutboxItem(id)
}

/** Loads the outbox's code while there is a connection, so a lead added after it drops is kept. */
export function warmLeadOutbox() {
  if (navigator.onLine !== false) import('../../offline/app-outbox').catch(() => undefined)
}

/** The signed-in admin's leads still in the outbox (waiting, or refused), oldest first. */
export function usePendingLeads(): PendingLead[] {
  const { user } = useSession()
  const userId = user?.id ?? ''
  const [pending, setPending] = useState<{ userId: string; leads: PendingLead[] }>({
    userId: '',
    leads: [],
  })
  useEffect(() => {
    if (!userId) return
    return watchOwnedOutbox(
      userId,
      pendingLeads,
      (leads) => setPending({ userId, leads }),
      'admin: pending leads',
    )
  }, [userId])
  return pending.userId === userId ? pending.leads : []
}
