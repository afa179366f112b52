// The funnel's events (the `events` collection): a browser session's visit (POST
// /api/funnel/visit, answered with its visit token), the checks on every other step a client
// creates, and the bookings only the server confirms. No identity is kept: the collection has no
// field for one. A `call_booked` step counts only with the visit token of the same browser
// session (token.ts); only the server sets `confirmed` (recordConfirmedBooking).
import { badRequest, hasProblems } from '../platform/errors'
import type { FieldProblems } from '../platform/errors'
import type { App, RecordRequestEvent, RequestEvent } from '../platform/events'
import { jsonBody, noStore } from '../platform/request'
import { countCreate, giveBack } from '../limits/index'
import { touchFieldProblem } from '../people/index'
import { FIRST_TOUCH_FIELDS } from '../../src/config/first-touch'
import type { VisitAnswer } from './api'
import { issueToken, tokenProblem } from './token'

/**
 * events, on a create request: a small body (at most 2 KiB: COLLECTION_CREATE_BODY_LIMITS in
 * src/config/limits.ts) of single-line fields; a booking with its visit token; never confirmed
 * (but by a superuser). The rate limit is in the migration.
 */
export function checkEvent(e: RecordRequestEvent): unknown {
  const problems: FieldProblems = {}
  for (const field of FIRST_TOUCH_FIELDS) {
    const problem = touchFieldProblem(field, e.record.getString(field))
    if (problem) problems[field] = ['validation_invalid_value', problem]
  }
  if (!e.hasSuperuserAuth()) {
    e.record.set('confirmed', false)
    if (e.record.getString('name') === 'call_booked') {
      const problem = tokenProblem(e.app, jsonBody(e).token, Date.now())
      if (problem) problems.token = ['validation_invalid_token', problem]
    }
  }
  if (hasProblems(problems)) throw badRequest('Failed to create record.', problems)
  return e.next()
}

/**
 * POST /api/funnel/visit {path, referrer?, utmSource?, utmMedium?, utmCampaign?} -> 200 { token }:
 * records this browser session's visit (no id, cookie or address kept) and hands out the visit
 * token its later `call_booked` step must carry. Counted in the IP's daily bucket of funnel
 * events (server/limits/) and rate-limited (`POST /api/funnel/`).
 */
export function recordVisit(e: RequestEvent): unknown {
  const body = jsonBody(e)
  const problems: FieldProblems = {}
  for (const field of FIRST_TOUCH_FIELDS) {
    const value = body[field] === undefined || body[field] === null ? '' : body[field]
    const problem = touchFieldProblem(field, value)
    if (problem) problems[field] = ['validation_invalid_value', problem]
  }
  if (hasProblems(problems)) throw badRequest('The visit is not valid.', problems)

  const now = Date.now()
  const counted = countCreate(e, 'events', now)
  try {
    const event = new Record(e.app.findCollectionByNameOrId('events'))
    event.set('name', 'visit')
    for (const field of FIRST_TOUCH_FIELDS) event.set(field, body[field] || '')
    e.app.save(event)
  } catch (err) {
    giveBack(e.app, counted)
    throw err
  }
  noStore(e)
  const answer: VisitAnswer = { token: issueToken(e.app, now) }
  return e.json(200, answer)
}

/**
 * Records a booking the server itself confirmed (e.g. the scheduler's booking tied to a person):
 * a `call_booked` event with `confirmed` set, which no client can create. The funnel counts these
 * apart from the bookings browsers report. Call it with the transaction of whatever confirmed
 * the booking. Returns the event's id.
 */
export function recordConfirmedBooking(app: App, options?: { path?: string }): string {
  const opts = options || {}
  const event = new Record(app.findCollectionByNameOrId('events'))
  event.set('name', 'call_booked')
  event.set('confirmed', true)
  event.set('path', String(opts.path || '').slice(0, 200))
  app.save(event)
  return event.id
}
