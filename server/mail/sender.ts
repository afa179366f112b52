// The mail queue's routes (the queue's dispatcher sends within seconds, server/queue/):
// POST /api/mail/flush (superusers: a run on demand, optionally as if at another time,
// {"now": "<ISO time>"}, for tests) and
// GET /api/mail/health (admins, superusers: how mail is doing, for the console).
import type { RequestEvent } from '../platform/events'
import { requireConsultant } from '../platform/auth'
import { noStore, requestedNow } from '../platform/request'
import { health, run } from '../queue/index'

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
