// The follow-up routes for operators and the console (registered by pb_hooks/followups.pb.js;
// the public ones are in ./public-routes.ts):
//   POST /api/followups/run (superusers, optional JSON {"now": ISO time}) runs the scheduler once;
//   the console's Follow-up tab and person page (admins): settings, preview, test mail, figures,
//   one person's sequence and its Stop button.
// Every route's body limit is a line of ROUTE_BODY_LIMITS (src/config/limits.ts). A malformed,
// forged or altered token answers 400 naming the field.
import { requireConsultant } from '../platform/auth'
import type { RequestEvent } from '../platform/events'
import { noStore, pathValue, requestedNow } from '../platform/request'
import type {
  FollowupFigures,
  FollowupRunSummary,
  FollowupSettingsAnswer,
  PersonFollowups,
  RenderedMail,
  SavedSettingsAnswer,
  TestMailAnswer,
} from './api'
import { figures as readFigures, personFollowups } from './console'
import { previewMail } from './kinds'
import { draftOfRequest, queueTest } from './requests'
import { planNext } from './plan'
import { rescheduleAll, runFollowups } from './scheduler'
import { stopSequence } from './sequences'
import { defaults, readSettings, saveSettings } from './settings'

/** Only the site's admin (or a superuser) uses the console's routes. */
function requireAdmin(e: RequestEvent): void {
  requireConsultant(e, 'Only the site admin can manage follow-ups.')
}

/** The person of the console's person routes, 404 when they no longer exist. */
function knownPerson(e: RequestEvent, id: string): PersonFollowups {
  const state = personFollowups(e.app, id)
  if (!state) throw new NotFoundError('This person no longer exists.')
  return state
}

// --- operators and tests ------------------------------------------------------------------------

/** POST /api/followups/run: one scheduler run, as if at the body's `now`. */
export function run(e: RequestEvent): unknown {
  noStore(e)
  const summary: FollowupRunSummary = runFollowups(e.app, requestedNow(e) ?? Date.now())
  return e.json(200, summary)
}

// --- the console (admins and superusers) --------------------------------------------------------

/** GET /api/followups/settings -> { settings, defaults }. */
export function getSettings(e: RequestEvent): unknown {
  requireAdmin(e)
  noStore(e)
  const answer: FollowupSettingsAnswer = { settings: readSettings(e.app), defaults: defaults() }
  return e.json(200, answer)
}

/** PUT /api/followups/settings {enabled, steps: [{delayDays, subject, text}]} -> { settings }. */
export function putSettings(e: RequestEvent): unknown {
  requireAdmin(e)
  noStore(e)
  // Anything sent is checked field by field (a 400 naming each bad one).
  const saved = saveSettings(e.app, e.requestInfo().body)
  rescheduleAll(e.app, saved)
  planNext(e.app, Date.now())
  const answer: SavedSettingsAnswer = { settings: saved }
  return e.json(200, answer)
}

/** POST /api/followups/preview {person?, subject, text} -> { subject, html, text }. */
export function preview(e: RequestEvent): unknown {
  requireAdmin(e)
  const draft = draftOfRequest(e)
  noStore(e)
  const answer: RenderedMail = previewMail(e.app, draft.person, draft, false)
  return e.json(200, answer)
}

/** POST /api/followups/test {person?, subject, text} -> { queued: true, to }. */
export function sendTest(e: RequestEvent): unknown {
  requireAdmin(e)
  const draft = draftOfRequest(e)
  noStore(e)
  const answer: TestMailAnswer = queueTest(e.app, e.auth ? e.auth.getString('email') : '', draft)
  return e.json(200, answer)
}

/** GET /api/followups/figures -> per mail: sent, clicked, booked, stops. */
export function figures(e: RequestEvent): unknown {
  requireAdmin(e)
  noStore(e)
  const answer: FollowupFigures = readFigures(e.app)
  return e.json(200, answer)
}

/** GET /api/followups/people/:id -> one person's sequence. */
export function personSequence(e: RequestEvent): unknown {
  requireAdmin(e)
  noStore(e)
  return e.json(200, knownPerson(e, pathValue(e, 'id')))
}

/** POST /api/followups/people/:id/stop -> that sequence, stopped by the consultant. */
export function stopPerson(e: RequestEvent): unknown {
  requireAdmin(e)
  noStore(e)
  const id = pathValue(e, 'id')
  knownPerson(e, id)
  stopSequence(e.app, id, 'consultant')
  return e.json(200, personFollowups(e.app, id))
}
