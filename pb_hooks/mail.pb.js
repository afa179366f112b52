/// <reference path="../.pb-types/types.d.ts" />
// The durable mail queue. Creating a contact or an audit queues its e-mails in
// mail_outbox in the same transaction as the record; nothing is sent inside a request (an SMTP
// server that never answers would hang it for minutes). A cron job sends due mail every
// minute; POST /api/mail/flush (superusers) runs the same sender on demand.
// SMTP comes from env on every start: SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_TLS,
// MAIL_FROM, MAIL_FROM_NAME; OWNER_EMAIL receives the notifications; APP_URL and BOOKING_URL
// are used for links. Mail to visitors is limited (lib/mail-queue.js withinVisitorLimits): one
// results mail per address a day, a daily cap per IP; owner notifications are sent first.

onBootstrap((e) => {
  e.next()
  const { applyMailSettings, mailConfig } = require(`${__hooks}/lib/mail-config.js`)
  // One line when the server starts, so an operator knows at once whether mail leaves it
  // (other commands, e.g. `superuser upsert`, bootstrap too but stay quiet).
  const serving = $os.args.indexOf('serve') >= 0
  try {
    const smtp = applyMailSettings(e.app)
    const config = mailConfig(e.app)
    if (!serving) return
    if (!smtp) {
      console.log(
        'mail: SMTP_HOST is not set - e-mails are kept in mail_outbox (pending) and NOT sent. ' +
          'Set SMTP_HOST/SMTP_PORT/SMTP_USER/SMTP_PASS, or run `npm run mail:dev` and start with SMTP_HOST=127.0.0.1 SMTP_PORT=2525.',
      )
    } else {
      const owner = config.ownerEmail
      const ownerNote = !owner
        ? 'no owner notifications (set OWNER_EMAIL)'
        : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(owner)
          ? `notifications to ${owner}`
          : `OWNER_EMAIL "${owner}" is not an e-mail address, so no owner notifications`
      console.log(
        `mail: sending queued e-mail every minute through ${smtp.host}:${smtp.port}` +
          ` (${smtp.tls ? 'TLS' : 'STARTTLS if offered'}) as ${config.from.address}; ${ownerNote}.`,
      )
    }
  } catch (err) {
    console.log(`mail: could not apply the SMTP settings from env, mail stays queued: ${err}`)
  }
})

// The address a create comes from, for the daily cap on visitor mail per IP: kept in the app's
// store under the record's id while the create runs (the save below has no request), removed
// when it ends, whatever the outcome. Batch sub-requests pass here too.
onRecordCreateRequest(
  (e) => {
    if (e.hasSuperuserAuth()) return e.next()
    if (!e.record.id) {
      e.record.id = $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789')
    }
    const key = `mail-client-ip:${e.collection.name}:${e.record.id}`
    e.app.store().set(key, e.realIP())
    try {
      return e.next()
    } finally {
      e.app.store().remove(key)
    }
  },
  'contacts',
  'audits',
)

// Queue inside the record's own save: one transaction around the record's INSERT and its
// outbox rows, so a mail is queued exactly when its record exists. The execute hook runs after
// validation, so the write lock is held only for the inserts. Inside a batch request this
// joins the batch's transaction. Queueing never throws (a create must not fail because of mail).
onRecordCreateExecute(
  (e) => {
    let queue = null
    let rows = []
    try {
      queue = require(`${__hooks}/lib/mail-queue.js`)
      rows = queue.prepareMail(e.app, e.record)
    } catch (err) {
      e.app
        .logger()
        .error('mail: could not prepare mail', 'recordId', e.record.id, 'error', String(err))
    }
    if (rows.length === 0) return e.next()
    const clientIp = String(
      e.app.store().get(`mail-client-ip:${e.record.collection().name}:${e.record.id}`) || '',
    )
    try {
      e.app.runInTransaction((txApp) => {
        const outerApp = e.app
        e.app = txApp
        try {
          e.next()
        } finally {
          e.app = outerApp
        }
        // Inside the write transaction: two creates at once cannot both pass a limit.
        let allowed = rows
        try {
          allowed = queue.withinVisitorLimits(txApp, e.record, rows, clientIp)
        } catch (err) {
          // Owner notifications still go; a visitor mail that cannot be checked does not.
          allowed = rows.filter((row) => queue.isOwnerKind(row.kind))
          e.app
            .logger()
            .error('mail: limit check failed', 'recordId', e.record.id, 'error', String(err))
        }
        queue.insertMail(txApp, e.record, allowed)
      })
    } catch (err) {
      // Not saved (rolled back): a failed write or commit, not the visitor's input.
      const saveErrors = require(`${__hooks}/lib/save-errors.js`)
      if (saveErrors.isUniqueViolation(err)) throw err
      throw saveErrors.unavailable(e.app, e.record, err)
    }
  },
  'contacts',
  'audits',
)

cronAdd('mail_outbox_sender', '* * * * *', () => {
  const sender = require(`${__hooks}/lib/mail-sender.js`)
  try {
    // A run still waiting on a hung SMTP server holds its claim; do not start another one
    // every minute behind it. Its claim goes stale after a while and is retried then.
    if (sender.isBusy($app)) return
    sender.runMailSender($app)
  } catch (err) {
    $app.logger().error('mail: sender run failed', 'error', String(err))
  }
})

routerAdd(
  'POST',
  '/api/mail/flush',
  (e) => {
    const { runMailSender } = require(`${__hooks}/lib/mail-sender.js`)
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, runMailSender(e.app))
  },
  $apis.requireSuperuserAuth(),
)
