// When the server starts: the SMTP settings from the environment go into the app's settings,
// and one log line tells the operator at once whether mail leaves the server. A MAIL_FROM that
// PocketBase would refuse never reaches the settings (on a new database the settings migration
// would fail on it and the start exit): the server starts, keeps mail queued and says why in
// that one line. The systemd unit starts PocketBase directly, so this holds without npm start.
import type { BootstrapEvent } from '../platform/events'
import { envText, isServing } from '../platform/env'
import { applyMailSettings, mailConfig } from './config'
import { mailFromProblem } from './sender-address'

// The same loose check as the audit engine.
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** onBootstrap: applies the SMTP settings and says where mail goes (only when serving). */
export function applySettingsAtStart(e: BootstrapEvent): void {
  e.next()
  // Other commands (e.g. `superuser upsert`) bootstrap too but stay quiet.
  const serving = isServing()
  const senderProblem = mailFromProblem(envText('MAIL_FROM'))
  if (senderProblem) {
    if (serving) console.log(`mail: ${senderProblem} Until then mail is kept, not sent.`)
    return
  }
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
        : ADDRESS.test(owner)
          ? `notifications to ${owner}`
          : `OWNER_EMAIL "${owner}" is not an e-mail address, so no owner notifications`
      console.log(
        `mail: sending queued e-mail within seconds through ${smtp.host}:${smtp.port}` +
          ` (${smtp.tls ? 'TLS' : 'STARTTLS if offered'}) as ${config.from.address}; ${ownerNote}.`,
      )
    }
  } catch (err) {
    console.log(`mail: could not apply the SMTP settings from env, mail stays queued: ${err}`)
  }
}
