// Leads, what comes in from visitors: audits (validated and scored by the server) and contact
// messages, the mails each queues (the owner's notifications, held for an hourly digest past the
// hour's cap, and the visitor's results: a message's in its own transaction, an audit's by the
// job its INSERT queues), the record hooks pb_hooks/audits.pb.js, contacts.pb.js and mail.pb.js
// register, the audit's job, and the report's question of which mail carries its results
// (pb_hooks/audits.pb.js).
import { checkAudit } from './audit-create'
import { AUDIT_SAVED_JOB } from './audit-saved-job'
import { runAuditSaved } from './audit-saved'
import { normaliseContact } from './contacts'
import { rememberClientIp } from './client-ip'
import { saveWithMail } from './record-mail'
import { readResultsMail } from './results-mail-route'
import { jobKind } from '../queue/index'

export { kinds } from './kinds'
/** The migration that makes the database queue an audit's job with its INSERT. */
export {
  AUDIT_SAVED_JOB,
  AUDIT_SAVED_TRIGGER,
  CLIENT_IP_FIELD,
  auditSavedTriggerSql,
} from './audit-saved-job'

/** The route of pb_hooks/audits.pb.js. */
export const routes = {
  readResultsMail,
}

export const hooks = {
  /** audits.pb.js: the create request's checks, validation and scoring, in one hook. */
  checkAudit,
  normaliseContact,
  rememberClientIp,
  saveWithMail,
}

/** Scheduled work, as rows of the delivery queue's dispatcher (server/queue/jobs.ts). */
export const jobKinds = {
  /** What an audit causes after its answer: queued with each audit, run at once (a day's retries). */
  [AUDIT_SAVED_JOB.name]: jobKind(runAuditSaved, AUDIT_SAVED_JOB),
}
