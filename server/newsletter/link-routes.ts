// The newsletter's public links (registered by pb_hooks/newsletter.pb.js; rate-limited by the
// `/api/newsletter/` rule). Apart from the sign-up's hooks, so an engine that answers a stranger's
// link loads only this.
//
// POST /api/newsletter/confirm {token}           -> 200 { status: 'active' }
// POST /api/newsletter/unsubscribe?token=...     (RFC 8058 one-click: body List-Unsubscribe=One-Click)
// POST /api/newsletter/unsubscribe {token}       (the unsubscribe page's button)
//                                                 -> 200 { status: 'unsubscribed' }
// GET  /api/newsletter/unsubscribe?token=...     -> 303 to the unsubscribe page (changes nothing)
// A malformed, forged or altered token answers 400 naming `token`; nothing tells whether an
// address is subscribed.

import type { RequestEvent } from '../platform/events'
import { jsonBody, noStore, queryParam } from '../platform/request'
import { paths } from '../../src/config/paths'
import type { ConfirmAnswer, UnsubscribeAnswer } from './api'
import { skipWaitingCopies } from './issue-send'
import { recordForToken } from './links'
import { confirm, unsubscribe } from './subscriptions'

/** The token from the body (`token`) or the query string, as a string. */
function tokenOfRequest(e: RequestEvent): string {
  const body = jsonBody(e)
  const fromQuery = queryParam(e, 'token')
  const fromBody = typeof body.token === 'string' ? body.token : ''
  return (fromBody || fromQuery).slice(0, 200)
}

/** 400 naming `token`: the same answer for every kind of bad link. */
function invalidLink(message: string): BadRequestError {
  return new BadRequestError(message, {
    token: new ValidationError('validation_invalid_token', 'This link is not valid.'),
  })
}

export function confirmLink(e: RequestEvent): void {
  const record = recordForToken(e.app, 'confirm', tokenOfRequest(e))
  noStore(e)
  if (!record) throw invalidLink('The confirmation link is not valid.')
  const status = confirm(e.app, record)
  if (status !== 'active') {
    // Unsubscribed since this mail was sent: only a new sign-up (and its mail) can undo that.
    throw new BadRequestError('This confirmation link has expired. Please sign up again.', {
      token: new ValidationError('validation_link_expired', 'This link has expired.'),
    })
  }
  const answer: ConfirmAnswer = { status }
  return e.json(200, answer)
}

export function unsubscribeLink(e: RequestEvent): void {
  const body = jsonBody(e)
  noStore(e)
  const oneClick = body['List-Unsubscribe']
  if (oneClick !== undefined && oneClick !== 'One-Click') {
    throw new BadRequestError('Expected List-Unsubscribe=One-Click.', {
      'List-Unsubscribe': new ValidationError('validation_invalid_value', 'Must be One-Click.'),
    })
  }
  const record = recordForToken(e.app, 'unsubscribe', tokenOfRequest(e))
  if (!record) throw invalidLink('The unsubscribe link is not valid.')
  // The newsletter issue whose link this was (its results count the unsubscribe).
  const issue = String(body.issue || queryParam(e, 'issue') || '')
  const answer: UnsubscribeAnswer = { status: unsubscribe(e.app, record, issue) }
  skipWaitingCopies(e.app, record.getString('email'))
  return e.json(200, answer)
}

/** GET /api/newsletter/unsubscribe?token=...: to the unsubscribe page, changing nothing. */
export function unsubscribePage(e: RequestEvent): void {
  const token = queryParam(e, 'token').replace(/[^a-z0-9.]/g, '')
  const issue = queryParam(e, 'issue').replace(/[^a-z0-9]/g, '')
  noStore(e)
  const fromIssue = issue.length === 15 ? `?issue=${issue}` : ''
  return e.redirect(303, `${paths.newsletterUnsubscribe}/${token.slice(0, 200)}${fromIssue}`)
}
