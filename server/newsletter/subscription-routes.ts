// The newsletter's sign-ups, links and own subscriptions (the entry pb_hooks/newsletter.pb.js).
// Double opt-in (./subscriptions): every sign-up is `pending` and queues one confirmation mail
// (at most one per address per 24 hours); an address already active answers exactly like a new
// one and gets no mail; an unsubscribed one gets a new row, pending, and needs a new confirmation
// (links mailed for the old row stop working).
//
// No subscription oracle: a sign-up through the API is checked (the same field checks a create
// gets), queued in newsletter_signups and answered at once - the same work, the same answer and
// the same time whether the address is free, pending or active (./signups). Superusers (the
// dashboard, scripts) create the row at once, as PocketBase would.
import { inputErrors, inputProblems, sentBody } from '../limits/index'
import type { App, RecordEvent, RecordRequestEvent, RequestEvent } from '../platform/events'
import { hasProblems } from '../platform/errors'
import { requireConsultant } from '../platform/auth'
import { jsonBody, noStore, queryParam } from '../platform/request'
import { paths } from '../../src/config/paths'
import type {
  ConfirmAnswer,
  OwnSubscriptionAnswer,
  SignUpsRunAnswer,
  UnsubscribeAnswer,
} from './api'
import { subscribersExportCsv } from './export'
import { skipWaitingCopies } from './issue-send'
import { recordForToken } from './links'
import { decidePendingSignUps, requestSignUp, signUpReply } from './signups'
import {
  confirm,
  markPending,
  ownSubscription,
  queueConfirmation,
  removeStalePending,
  signUp,
  signUpAgain,
  signedInUser,
  unsubscribe,
  visibleStatus,
} from './subscriptions'

// --- sign-ups -----------------------------------------------------------------------------------

/**
 * A create of newsletter_subscriptions. The create rule runs before this hook (PocketBase checks
 * it first), so a request that reaches here was allowed; it may still hold bad input, which must
 * answer 400.
 */
export function answerSignUp(e: RecordRequestEvent): void {
  const email = e.record.getString('email').trim().toLowerCase()
  e.record.set('email', email)
  markPending(e.record)

  if (e.hasSuperuserAuth()) {
    e.next()
    queueConfirmation(e.app, e.record, '')
    return
  }

  // This hook answers without e.next(), so the input checks that run as another record hook
  // (pb_hooks/input-limits.pb.js, in no fixed order with this one) are run here too.
  const problems = inputProblems(e.collection.name, sentBody(e), e.record)
  if (hasProblems(problems)) {
    throw new BadRequestError('Failed to create record.', inputErrors(problems))
  }
  const reply = signUpReply(e.app, e.record, e.record.id)
  requestSignUp(e.app, {
    id: reply.id,
    email,
    source: e.record.getString('source'),
    userAgent: e.record.getString('userAgent'),
    clientIp: e.realIP(),
  })
  return e.json(200, reply)
}

/**
 * The audit's newsletter choice: queued like any sign-up (after the audit is saved; a failure
 * here is logged and never fails the audit), so an audit's answer and time tell nothing about
 * the address either. The request's address, kept by the mail hooks while the create runs,
 * counts towards the daily cap on visitor mail.
 */
export function signUpFromAudit(e: RecordEvent): void {
  e.next()
  if (!e.record.getBool('newsletterSubscription')) return
  const clientIp = String(e.app.store().get(`mail-client-ip:audits:${e.record.id}`) || '')
  try {
    requestSignUp(e.app, {
      id: '',
      email: e.record.getString('email'),
      source: 'audit',
      userAgent: e.record.getString('userAgent'),
      clientIp,
    })
  } catch (err) {
    e.app.logger().error('newsletter: could not queue the audit sign-up', 'error', String(err))
  }
}

/** The job: the waiting sign-ups are decided every minute. */
export function decideSignUpsJob(app: App): void {
  try {
    decidePendingSignUps(app)
  } catch (err) {
    app.logger().error('newsletter: deciding sign-ups failed', 'error', String(err))
  }
}

/**
 * POST /api/newsletter/signups/run (superusers): the waiting decisions now (an optional
 * {"now": ISO} is accepted for the flush endpoints' shape, and not used).
 */
export function decideSignUpsNow(e: RequestEvent): void {
  noStore(e)
  const answer: SignUpsRunAnswer = { decided: decidePendingSignUps(e.app) }
  return e.json(200, answer)
}

/** The job: pending sign-ups never confirmed are removed after 30 days. */
export function removeStalePendingJob(app: App): void {
  try {
    const removed = removeStalePending(app)
    if (removed > 0)
      app.logger().info('newsletter: removed stale pending sign-ups', 'count', removed)
  } catch (err) {
    app.logger().error('newsletter: pending cleanup failed', 'error', String(err))
  }
}

// --- the public links (rate-limited by the `/api/newsletter/` rule) ---------------------------
//
// POST /api/newsletter/confirm {token}           -> 200 { status: 'active' }
// POST /api/newsletter/unsubscribe?token=...     (RFC 8058 one-click: body List-Unsubscribe=One-Click)
// POST /api/newsletter/unsubscribe {token}       (the unsubscribe page's button)
//                                                 -> 200 { status: 'unsubscribed' }
// GET  /api/newsletter/unsubscribe?token=...     -> 303 to the unsubscribe page (changes nothing)
// A malformed, forged or altered token answers 400 naming `token`; nothing tells whether an
// address is subscribed.

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

// --- the signed-in user's own subscription (the dashboard's Settings tab) ----------------------
//
// GET  /api/newsletter/me                 -> 200 { status: 'none' | 'pending' | 'active' | 'unsubscribed' }
// POST /api/newsletter/me {subscribed}    -> 200 { status }
// With a verified e-mail (the address is proven theirs) a user sees the real status, and
// subscribing is active at once. With an unverified one the answers come from the user's own
// choice, never from a row they may not own: 'active' only for the row their own sign-up made and
// they confirmed from its mail, else 'pending' if they asked for the newsletter and 'none' if not
// (visibleStatus); subscribing is queued like a public sign-up, and unsubscribing cancels only
// the row their own sign-up made. So an account opened with somebody else's address learns
// nothing about that address's subscription. The user's newsletterConsent follows the choice.

export function ownStatus(e: RequestEvent): void {
  noStore(e)
  const answer: OwnSubscriptionAnswer = { status: visibleStatus(e) }
  return e.json(200, answer)
}

export function setOwnSubscription(e: RequestEvent): void {
  const body = jsonBody(e)
  noStore(e)
  if (typeof body.subscribed !== 'boolean') {
    throw new BadRequestError('`subscribed` must be true or false.', {
      subscribed: new ValidationError('validation_invalid_value', 'Must be true or false.'),
    })
  }
  const auth = signedInUser(e)
  const own = ownSubscription(e)
  const ip = e.realIP()
  if (body.subscribed && auth.verified()) {
    if (!own.record) signUp(e.app, own.email, 'signup', e.request.userAgent(), ip)
    else signUpAgain(e.app, own.record, ip, { source: 'signup' })
    const after = ownSubscription(e).record
    if (after && after.getString('status') === 'pending') {
      after.set('status', 'active')
      after.set('confirmedAt', new DateTime())
      e.app.save(after)
    }
  } else if (body.subscribed) {
    requestSignUp(e.app, {
      id: '',
      email: own.email,
      source: 'signup',
      userAgent: e.request.userAgent(),
      clientIp: ip,
    })
  } else if (own.mine && own.record) {
    unsubscribe(e.app, own.record)
    skipWaitingCopies(e.app, own.record.getString('email'))
  }
  const user = e.app.findRecordById('users', auth.id)
  user.set('newsletterConsent', body.subscribed)
  e.app.save(user)
  const answer: OwnSubscriptionAnswer = { status: visibleStatus(e) }
  return e.json(200, answer)
}

// --- the consultant's export -------------------------------------------------------------------
//
// GET /api/newsletter/export -> text/csv of ACTIVE subscribers only: email, name (from an account
// with the same e-mail), confirmed_at (ISO 8601, UTC), source. Admins and superusers only.

export function exportSubscribers(e: RequestEvent): void {
  requireConsultant(e, 'Only the site admin can export subscribers.')
  noStore(e)
  e.response.header().set('Content-Type', 'text/csv; charset=utf-8')
  e.response
    .header()
    .set('Content-Disposition', 'attachment; filename="newsletter-subscribers-active.csv"')
  return e.string(200, subscribersExportCsv(e.app))
}
