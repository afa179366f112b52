// The follow-ups' public routes (registered by pb_hooks/followups.pb.js): the signed links of the
// results and follow-up mails (click, stop with RFC 8058 one-click) and the scheduler's booking
// report. Apart from the console's routes, so an engine that answers a stranger's request loads
// only this (scripts/build-server.mjs builds a file per module). A malformed, forged or altered
// token answers 400 naming the field; every body's limit is a line of ROUTE_BODY_LIMITS.
import { badRequest } from '../platform/errors'
import type { RequestEvent } from '../platform/events'
import { jsonBody, noStore } from '../platform/request'
import { paths } from '../../src/config/paths'
import type { BookingAnswer, MailLinkPrefill, StopAnswer } from './api'
import { namedPerson, recordBooking } from './bookings'
import { readToken } from './links'
import { invalidLink, stopByLink, tokenOfRequest } from './requests'
import { recordClick } from './sequences'

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
