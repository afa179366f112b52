/// <reference path="../.pb-types/types.d.ts" />
// An audit's job (`leads.audit-saved`) is queued by the audit's own INSERT, a trigger of the
// database, instead of a JavaScript save hook with its own transaction
// (server/leads/audit-saved-job.ts says why and writes the statement). The client's address
// reaches the trigger in a hidden field, `clientIp`, which the audit's job blanks. Dropping
// that field later means dropping the trigger first: SQLite refuses to drop a column a trigger
// reads.

migrate(
  (app) => {
    const leads = /** @type {typeof import('../server/main')} */ (
      require(`${__hooks}/generated/server.cjs`)
    ).leads
    const audits = app.findCollectionByNameOrId('audits')
    // No `max`: only the server writes it (a visitor's is refused by name, server/limits/), and
    // the limits a schema `max` states are the visitor's (src/config/limits.ts).
    audits.fields.add(new TextField({ name: leads.CLIENT_IP_FIELD, hidden: true }))
    app.save(audits)
    app.db().newQuery(`DROP TRIGGER IF EXISTS ${leads.AUDIT_SAVED_TRIGGER}`).execute()
    app.db().newQuery(leads.auditSavedTriggerSql()).execute()
  },
  (app) => {
    const leads = /** @type {typeof import('../server/main')} */ (
      require(`${__hooks}/generated/server.cjs`)
    ).leads
    app.db().newQuery(`DROP TRIGGER IF EXISTS ${leads.AUDIT_SAVED_TRIGGER}`).execute()
    const audits = app.findCollectionByNameOrId('audits')
    audits.fields.removeByName(leads.CLIENT_IP_FIELD)
    app.save(audits)
  },
)
