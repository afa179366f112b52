// The follow-up routes (registered by pb_hooks/followups.pb.js):
//   POST /api/followups/run (superusers, optional JSON {"now": ISO time}) runs the scheduler once;
//   public: the signed links of the results and follow-up mails (click, stop with RFC 8058
//   one-click) and the scheduler's booking report;
//   the console's Follow-up tab and person page (admins): settings, preview, test mail, figures,
//   one person's sequence and its Stop button.
// Every route's body limit is a line of ROUTE_BODY_LIMITS (src/config/limits.ts). A malformed,
// forged or altered token answers 400 naming the field.
import { requireConsultant } from '../platform/auth'
import { badRequest } from '../platform/errors'
import type { RequestEvent } from '../platform/events'
import { jsonBody, noStore, pathValue, requestedNow } from '../platform/request'
import { paths } from '../../src/config/paths'
import type {
  BookingAnswer,
  FollowupFigures,
  FollowupRunSummary,
  FollowupSettingsAnswer,
  MailLinkPrefill,
  PersonFollowups,
  RenderedMail,
  SavedSettingsAnswer,
  StopAnswer,
  TestMailAnswer,
} from './api'
import { namedPerson, recordBooking } from './bookings'
import { figures as readFigures, personFollowups } from './console'
import { previewMail } from './kinds'
import { readToken } from './links'
import { draftOfRequest, invalidLink, queueTest, stopByLink, tokenOfRequest } from './requests'
import { rescheduleAll, runFollowups } from './scheduler'
import { recordClick, stopSequence } from './sequences'
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

// --- public: the mails' signed links and the scheduler's booking report -------------------------

/**
 * POST /api/followups/click {token}: a results (r) or follow-up (f) link was opened
 * -> 200 { name, email } for the booking form.
 */
export function click(e: RequestEvent): unknown {
  noStore(e)
  const token = readToken(e.app, tokenOfRequest(e))
  if (!token || token.kind === 's') throw invalidLink('token')
  const clicked = recordClick(e.app, token, Date.now())
  if (!clicked) throw invalidLink('token')
  const answer: MailLinkPrefill = clicked.prefill
  return e.json(200, answer)
}

/**
 * POST /api/followups/stop?token=...: RFC 8058 one-click (body List-Unsubscribe=One-Click);
 * POST /api/followups/stop {token, everything?}: the stop page's buttons
 * -> 200 { stopped: true, newsletter: 'unsubscribed' | 'unchanged' }.
 */
export function stop(e: RequestEvent): unknown {
  noStore(e)
  const body = jsonBody(e)
  const oneClick = body['List-Unsubscribe']
  if (oneClick !== undefined && oneClick !== 'One-Click') {
    throw badRequest('Expected List-Unsubscribe=One-Click.', {
      'List-Unsubscribe': ['validation_invalid_value', 'Must be One-Click.'],
    })
  }
  if (body.everything !== undefined && typeof body.everything !== 'boolean') {
    throw badRequest('`everything` must be true or false.', {
      everything: ['validation_invalid_value', 'Must be true or false.'],
    })
  }
  const token = readToken(e.app, tokenOfRequest(e))
  if (!token || token.kind !== 's') throw invalidLink('token')
  const answer: StopAnswer = stopByLink(e.app, token.id, body.everything === true)
  return e.json(200, answer)
}

/** GET /api/followups/stop?token=... -> 303 to the stop page (changes nothing). */
export function openStopPage(e: RequestEvent): unknown {
  const token = String(e.request.url?.query().get('token') || '').replace(/[^a-z0-9.]/g, '')
  noStore(e)
  return e.redirect(303, `${paths.followupStop}/${token.slice(0, 100)}`)
}

/**
 * POST /api/bookings {ref?, audit?, email?, path?}: the scheduler reported a booking on a page of
 * the site -> 200 { booked: true | false, repeat? }.
 */
export function reportBooking(e: RequestEvent): unknown {
  noStore(e)
  const body = jsonBody(e)
  const now = Date.now()
  const named = namedPerson(e.app, body, e.auth, now)
  if (!named) {
    const answer: BookingAnswer = { booked: false }
    return e.json(200, answer)
  }
  const outcome = recordBooking(e.app, named, now)
  const answer: BookingAnswer = { booked: true, repeat: outcome.repeat }
  return e.json(200, answer)
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
