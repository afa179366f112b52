// An audit's save (pb_hooks/audits.pb.js): the audit's INSERT and its job (`leads.audit-saved`,
// ./audit-saved.ts) in one transaction, so the job exists exactly when the audit does; the job
// does the rest moments after the commit. A module of its own, kept small: a busy engine pool
// loads it anew for each create.
import type { RecordEvent } from '../platform/events'
import { saveInTransactionOr503 } from '../platform/transaction'
import { defineJob, enqueueJob } from '../queue/index'
import { keptClientIp } from './client-ip'
import type { AuditSavedPayload } from './audit-saved'

/** The job an audit's save queues (leads/index.ts registers its work): retried for a day. */
export const AUDIT_SAVED_JOB = defineJob('leads.audit-saved', { lifetimeHours: 24 })

/**
 * The create's write, and the job with what only the request knows (the client's address, for
 * the per-IP cap on visitor mail). Inside a batch it joins the batch's transaction. A failed
 * write is the 503 a client retries.
 */
export function saveAudit(e: RecordEvent): void {
  const payload: AuditSavedPayload = { clientIp: keptClientIp(e.app, e.record) }
  saveInTransactionOr503(e, (txApp) => {
    enqueueJob(txApp, AUDIT_SAVED_JOB, {
      key: e.record.id,
      sourceId: e.record.id,
      payload: { ...payload },
    })
  })
}
