// The work an audit causes beyond its answer, as one job of the queue's dispatcher
// (`leads.audit-saved`), queued by the audit's own INSERT (./audit-saved-job.ts) and run
// moments after it commits: the owner's and the visitor's mails, the `audit.completed` webhook
// event, the person, the newsletter choice and the follow-up sequence, in one transaction. Each
// step does nothing when run again (unique keys, or a look first), so a job run twice (a crash
// between its work and its row's removal) queues no second mail, event or sign-up. A step that
// fails is logged and fails the job, which the queue runs again with back-off.
import { alertLead } from '../push/index'
import { startForAudit } from '../followups/index'
import { signUpFromAudit } from '../newsletter/index'
import { refreshPerson } from '../people/index'
import type { App } from '../platform/events'
import { objectOf } from '../platform/json'
import { execute, findOrNull } from '../platform/sql'
import type { DeliveryRow } from '../queue/index'
import { queueEventOnce } from '../webhooks/index'
import { CLIENT_IP_FIELD } from './audit-saved-job'
import { queueRecordMail } from './record-mail'

/** What the job's row carries besides the audit's id (its sourceId). */
export interface AuditSavedPayload {
  /** The create request's address, for the daily cap on visitor mail per IP ('' for none). */
  clientIp: string
}

/** The job: everything the audit `row.sourceId` causes after its save, once. */
export function runAuditSaved(app: App, row: DeliveryRow): void {
  const audit = findOrNull(app, 'audits', row.sourceId)
  // Deleted meanwhile: its delete hook refreshed the person, and it has nothing left to cause.
  if (!audit) return
  const clientIp = String(objectOf(row.payload).clientIp || '')
  const failed: string[] = []
  // One transaction: what the job causes appears at once (a webhook's payload and the owner's
  // mail, built when sent, find the person), and one commit is all it costs. A step that throws
  // is logged and the others still commit.
  app.runInTransaction((txApp) => {
    const step = (name: string, work: () => unknown) => {
      try {
        work()
      } catch (err) {
        failed.push(name)
        txApp
          .logger()
          .error(
            'leads: an audit step failed',
            'step',
            name,
            'audit',
            audit.id,
            'error',
            String(err),
          )
      }
    }
    // The person first: the follow-ups belong to them, and the payloads and mails show them.
    step('person', () => refreshPerson(txApp, audit.getString('email')))
    step('mail', () => queueRecordMail(txApp, audit, clientIp))
    step('alert', () => alertLead(txApp, { what: 'audit', sourceId: audit.id, clientIp }))
    step('webhook', () =>
      queueEventOnce(txApp, 'audit.completed', { auditId: audit.id }, audit.getString('created')),
    )
    step('newsletter', () => signUpFromAudit(txApp, audit, clientIp))
    step('followups', () => startForAudit(txApp, audit))
    // The address served the caps above: the audit keeps no copy.
    step('address', () =>
      execute(
        txApp,
        `UPDATE audits SET ${CLIENT_IP_FIELD} = '' WHERE id = {:id} AND ${CLIENT_IP_FIELD} != ''`,
        { id: audit.id },
      ),
    )
  })
  if (failed.length > 0) {
    throw new Error(`Audit ${audit.id}: ${failed.join(', ')} failed; the job runs again.`)
  }
}
