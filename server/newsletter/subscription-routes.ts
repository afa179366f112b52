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
import type { App, RecordRequestEvent, RequestEvent } from '../platform/events'
import { hasProblems } from '../platform/errors'
import { requireConsultant } from '../platform/auth'
import { jsonBody, noStore } from '../platform/request'
import type { OwnSubscriptionAnswer, SignUpsRunAnswer } from './api'
import { subscribersExportCsv } from './export'
import { skipWaitingCopies } from './issue-send'
import { decidePendingSignUps, requestSignUp, signUpKnown, signUpReply } from './signups'
import {
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
 * The audit's newsletter choice, from the audit's job (server/leads/): queued like any sign-up (a
 * failure fails the job, which runs again later, never the audit), so an audit's answer and time
 * tell nothing about the address either. `clientIp` is the audit's request's, for the daily cap
 * on visitor mail. The sign-up is queued under the audit's id: a run again finds it waiting, or
 * its row made with that id, and adds nothing (an address that had a row already is asked again,
 * within the confirmation mail's cap of one a day).
 */
export function signUpFromAudit(app: App, audit: core.Record, clientIp: string): void {
  if (!audit.getBool('newsletterSubscription')) return
  if (signUpKnown(app, audit.id)) return
  requestSignUp(app, {
    id: audit.id,
    email: audit.getString('email'),
    source: 'audit',
    userAgent: audit.getString('userAgent'),
    clientIp,
  })
}

/** The job: the waiting sign-ups are decided (queued with each sign-up; a sweep every 15 min). */
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
// GET /api/newsletter/export -> text/csv of ACTIVE subscribers only: email, name (from a verified
// account with the same e-mail: an unproven one could be anyone's), confirmed_at (ISO 8601, UTC),
// source. Admins and superusers only.

export function exportSubscribers(e: RequestEvent): void {
  requireConsultant(e, 'Only the site admin can export subscribers.')
  noStore(e)
  e.response.header().set('Content-Type', 'text/csv; charset=utf-8')
  e.response
    .header()
    .set('Content-Disposition', 'attachment; filename="newsletter-subscribers-active.csv"')
  return e.string(200, subscribersExportCsv(e.app))
}
