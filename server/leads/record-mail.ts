// Which mails a new contact message or audit queues in the delivery queue (server/queue/): the
// owner's notification of each (to OWNER_EMAIL, with the visitor's address as Reply-To) and, for a
// free audit, the visitor's results; and a message's alert to the consultant's devices
// (server/push/; an audit's is its job's). A message's are queued inside its own transaction; an
// audit's by its job right after (./audit-saved.ts). Each has a unique key (kind and record), so
// a job run again queues nothing twice. Bodies are rendered when the mails are sent
// (./mail-kinds.ts). Queueing never throws: a create must not fail because of mail.
import { ownerEmail } from '../mail/index'
import type { App, RecordEvent } from '../platform/events'
import { saveInTransactionOr503 } from '../platform/transaction'
import { alertLead } from '../push/index'
import type { Lead } from '../push/index'
import { enqueue } from '../queue/index'
import type { DeliveryJob } from '../queue/index'
import { keptClientIp } from './client-ip'

/**
 * Queues inside the record's own save: one transaction around the record's INSERT and its
 * deliveries, so a mail is queued exactly when its record exists and two creates at once cannot
 * both pass a cap. The execute hook runs after validation, so the write lock is held only for
 * the inserts. Inside a batch request this joins the batch's transaction. A failed write or
 * commit (rolled back, not the visitor's input) is the 503 a client retries.
 */
export function saveWithMail(e: RecordEvent): void {
  const clientIp = keptClientIp(e.app, e.record)
  saveInTransactionOr503(e, (txApp) => {
    queueRecordMail(txApp, e.record, clientIp)
    if (e.record.collection().name === 'contacts') alertLead(txApp, contactLead(e.record, clientIp))
  })
}

/** A contact as the consultant's alert names it: a call-back request or a message. */
function contactLead(record: core.Record, clientIp: string): Lead {
  const callBack = record.getString('source') === 'call_back' || !!record.getString('phone')
  return { what: callBack ? 'call_back' : 'message', sourceId: record.id, clientIp }
}

/** The deliveries one new record asks for. */
function jobsFor(record: core.Record, owner: string, clientIp: string): DeliveryJob[] {
  const collection = record.collection().name
  const jobs: DeliveryJob[] = []
  if (collection === 'contacts') {
    if (owner) jobs.push({ kind: 'owner_contact', recipient: owner, sourceId: record.id, clientIp })
  } else if (collection === 'audits') {
    // The owner first: the same transaction, but the order the console lists them.
    if (owner) jobs.push({ kind: 'owner_audit', recipient: owner, sourceId: record.id, clientIp })
    if (record.getString('flow') === 'free') {
      jobs.push({
        kind: 'visitor_results',
        recipient: record.getString('email'),
        sourceId: record.id,
        clientIp,
      })
    }
  }
  // Once per record and kind, however often this runs for it.
  for (const job of jobs) job.uniqueKey = `${job.kind}:${record.id}`
  return jobs
}

/**
 * Queues the record's mails with `app` (the record's transaction). `clientIp` is the request's
 * address (empty for a superuser or the server itself), for the per-IP caps. Each job on its
 * own, so one refused or failed job does not stop the others; never throws. Returns how many
 * queued.
 */
export function queueRecordMail(app: App, record: core.Record, clientIp: string): number {
  let queued = 0
  let jobs: DeliveryJob[] = []
  try {
    jobs = jobsFor(record, ownerEmail(), clientIp || '')
  } catch (err) {
    logQueueError(app, record, 'prepare', err)
  }
  for (const job of jobs) {
    try {
      const result = enqueue(app, job)
      if (result.queued) queued++
      else if (result.reason === 'invalid recipient') {
        logQueueError(app, record, job.kind, `"${job.recipient}" is not an e-mail address`)
      }
    } catch (err) {
      logQueueError(app, record, job.kind, err)
    }
  }
  return queued
}

function logQueueError(app: App, record: core.Record, what: string, err: unknown): void {
  try {
    app
      .logger()
      .error(
        'mail: could not queue mail',
        'what',
        what,
        'collection',
        record.collection().name,
        'recordId',
        record.id,
        'error',
        String(err),
      )
  } catch {
    // logging must not break the create either
  }
}
