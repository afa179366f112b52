/// <reference path="../.pb-types/types.d.ts" />
// Mail through the delivery queue (lib/deliveries.js, docs/decisions/024-one-delivery-queue.md).
// Creating a contact or an audit queues its e-mails in `deliveries` in the same transaction as
// the record; nothing is sent inside a request (an SMTP server that never answers would hang it
// for minutes). A cron job sends due mail every minute; POST /api/mail/flush (superusers) runs the
// same sender on demand, optionally as if at another time ({"now": "<ISO time>"}, for tests);
// GET /api/mail/health (admins, superusers) says how mail is doing, for the console.
// SMTP comes from env on every start: SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_TLS,
// MAIL_FROM, MAIL_FROM_NAME; OWNER_EMAIL receives the notifications; APP_URL is
// used for links. Limits (per recipient, per IP, the owner's hourly cap) are the queue's.

onBootstrap((e) => {
  e.next()
  const { applyMailSettings, mailConfig } = /** @type {typeof import('./lib/mail-config.js')} */ (
    require(`${__hooks}/lib/mail-config.js`)
  )
  // One line when the server starts, so an operator knows at once whether mail leaves it
  // (other commands, e.g. `superuser upsert`, bootstrap too but stay quiet).
  const serving = $os.args.indexOf('serve') >= 0
  try {
    const smtp = applyMailSettings(e.app)
    const config = mailConfig(e.app)
    if (!serving) return
    if (!smtp) {
      console.log(
        'mail: SMTP_HOST is not set - e-mails are kept in the delivery queue (pending) and NOT sent. ' +
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
// deliveries, so a mail is queued exactly when its record exists and two creates at once cannot
// both pass a cap. The execute hook runs after validation, so the write lock is held only for the
// inserts. Inside a batch request this joins the batch's transaction. Queueing never throws (a
// create must not fail because of mail).
onRecordCreateExecute(
  (e) => {
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
        const queue = /** @type {typeof import('./lib/mail-queue.js')} */ (
          require(`${__hooks}/lib/mail-queue.js`)
        )
        queue.queueRecordMail(txApp, e.record, clientIp)
      })
    } catch (err) {
      // Not saved (rolled back): a failed write or commit, not the visitor's input.
      const saveErrors = /** @type {typeof import('./lib/save-errors.js')} */ (
        require(`${__hooks}/lib/save-errors.js`)
      )
      if (saveErrors.isUniqueViolation(err)) throw err
      throw saveErrors.unavailable(e.app, e.record, err)
    }
  },
  'contacts',
  'audits',
)

// A run still waiting on a hung SMTP server holds its claim; do not start another one every
// minute behind it. Its claim goes stale after a while and is retried then.
cronAdd('mail_sender', '* * * * *', () => {
  const deliveries = /** @type {typeof import('./lib/deliveries.js')} */ (
    require(`${__hooks}/lib/deliveries.js`)
  )
  // $app is declared as the PocketBase wrapper; it is the app the hooks' libraries take.
  const app = /** @type {core.App} */ (/** @type {unknown} */ ($app))
  try {
    if (deliveries.isBusy(app, 'mail')) return
    deliveries.run(app, { channel: 'mail' })
  } catch (err) {
    $app.logger().error('mail: sender run failed', 'error', String(err))
  }
})

// Claims left by a process that was killed mid-send go back to the queue when the server starts
// (only `serve`: another command, e.g. `superuser upsert`, may run beside a live server).
onBootstrap((e) => {
  e.next()
  if ($os.args.indexOf('serve') < 0) return
  try {
    const deliveries = /** @type {typeof import('./lib/deliveries.js')} */ (
      require(`${__hooks}/lib/deliveries.js`)
    )
    const recovered = deliveries.recoverAfterRestart(e.app)
    if (recovered > 0) {
      console.log(`deliveries: ${recovered} send(s) cut off by the last stop are queued again.`)
    }
  } catch (err) {
    // A new database: the table comes with the migrations, which run after this.
    e.app.logger().warn('deliveries: nothing recovered at start', 'error', String(err))
  }
})

routerAdd(
  'POST',
  '/api/mail/flush',
  (e) => {
    const deliveries = /** @type {typeof import('./lib/deliveries.js')} */ (
      require(`${__hooks}/lib/deliveries.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    const body = e.requestInfo().body || {}
    let now
    if (body.now !== undefined && body.now !== null && body.now !== '') {
      now = typeof body.now === 'string' ? Date.parse(body.now) : NaN
      if (!isFinite(now)) {
        throw new BadRequestError('`now` must be an ISO time.', {
          now: new ValidationError('validation_invalid_date', 'Must be an ISO time.'),
        })
      }
    }
    return e.json(200, deliveries.run(e.app, { channel: 'mail', now }))
  },
  $apis.requireSuperuserAuth(),
)

routerAdd(
  'GET',
  '/api/mail/health',
  (e) => {
    if (
      !e.hasSuperuserAuth() &&
      !(e.auth && e.auth.collection().name === 'users' && e.auth.get('isAdmin') === true)
    ) {
      throw new ForbiddenError('Only the site admin can read the mail health.')
    }
    const deliveries = /** @type {typeof import('./lib/deliveries.js')} */ (
      require(`${__hooks}/lib/deliveries.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, deliveries.health(e.app, 'mail'))
  },
  $apis.requireAuth('users', '_superusers'),
)
