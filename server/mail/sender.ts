// Running the mail queue: the cron job every minute, POST /api/mail/flush (superusers: the same
// run on demand, optionally as if at another time, {"now": "<ISO time>"}, for tests) and
// GET /api/mail/health (admins, superusers: how mail is doing, for the console).
import type { App, RequestEvent } from '../platform/events'
import { requireConsultant } from '../platform/auth'
import { noStore, requestedNow } from '../platform/request'
import { health, isBusy, run } from '../queue/index'

/** The app a cron job works with ($app is declared as PocketBase's wrapper; it is the app). */
function currentApp(): App {
  return $app as unknown as App
}

/**
 * cron mail_sender: one run of the mail channel. A run still waiting on a hung SMTP server holds
 * its claim; do not start another one every minute behind it. Its claim goes stale after a while
 * and is retried then.
 */
export function sendMail(): void {
  const app = currentApp()
  try {
    if (isBusy(app, 'mail')) return
    run(app, { channel: 'mail' })
  } catch (err) {
    app.logger().error('mail: sender run failed', 'error', String(err))
  }
}

/** POST /api/mail/flush: a run now (or as if at `now`); answers its summary. */
export function flush(e: RequestEvent): void {
  noStore(e)
  const now = requestedNow(e)
  return e.json(200, run(e.app, { channel: 'mail', now }))
}

/** GET /api/mail/health: the mail channel's health, for the site admin and superusers. */
export function mailHealth(e: RequestEvent): void {
  requireConsultant(e, 'Only the site admin can read the mail health.')
  noStore(e)
  return e.json(200, health(e.app, 'mail'))
}
