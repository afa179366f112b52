// An audit's job (`leads.audit-saved`, ./audit-saved.ts) is queued by the database itself, in the
// audit's own INSERT: a trigger on `audits` writes the job's row into `deliveries` (migration
// 1764680000_audit_saved_trigger.js runs the statement below). So the job exists exactly when the
// audit does, at no cost to the create in JavaScript: a hook holds one of PocketBase's engines
// while the rest of the create runs, and a save hook with its transaction made an audit create
// a third dearer (docs/performance.md). The client's address, which the job needs for the per-IP
// cap on visitor mail, comes in a hidden field the create's check fills; the trigger copies it
// into the job, and the job blanks it on the audit (blanking it here would write the whole
// audit row a second time within the create).
import { defineJob } from '../queue/index'

/** The job an audit's INSERT queues (leads/index.ts registers its work): retried for a day. */
export const AUDIT_SAVED_JOB = defineJob('leads.audit-saved', { lifetimeHours: 24 })

/** The hidden field of `audits` that carries the client's address to the trigger (then ''). */
export const CLIENT_IP_FIELD = 'clientIp'

/** The trigger's name. */
export const AUDIT_SAVED_TRIGGER = 'audits_saved_job'

/** The CREATE TRIGGER statement: the job's row as `enqueueJob` would write it, once per audit. */
export function auditSavedTriggerSql(): string {
  const now = "strftime('%Y-%m-%d %H:%M:%fZ', 'now')"
  const expires = `strftime('%Y-%m-%d %H:%M:%fZ', 'now', '+${AUDIT_SAVED_JOB.lifetimeHours} hours')`
  const kind = `'${AUDIT_SAVED_JOB.name}'`
  return (
    `CREATE TRIGGER ${AUDIT_SAVED_TRIGGER} AFTER INSERT ON audits BEGIN ` +
    'INSERT OR IGNORE INTO deliveries (id, kind, channel, class, status, uniqueKey, recipient, ' +
    'sourceId, payload, attempts, runAt, expiresAt, errorLog, clientIp, created, updated) VALUES (' +
    `substr(lower(hex(randomblob(8))), 1, 15), ${kind}, 'job', 'job', 'pending', ` +
    `${kind} || ':' || NEW.id, 'job', NEW.id, json_object('clientIp', NEW.${CLIENT_IP_FIELD}), ` +
    `0, ${now}, ${expires}, '[]', '', ${now}, ${now}); ` +
    'END'
  )
}
