/// <reference path="../.pb-types/types.d.ts" />
// Newsletter sign-ups: the e-mail is stored trimmed and lowercased, and a second sign-up of the
// same e-mail succeeds without adding a row. Double opt-in (lib/newsletter.js): every sign-up is
// `pending` and queues one confirmation mail (at most one per address per 24 hours); an address
// already active answers exactly like a new one and gets no mail; an unsubscribed one becomes
// pending again and needs a new confirmation.
//
// The create rule runs before this hook (PocketBase checks it first), so a request that
// reaches here was allowed; it may still hold bad input, which must answer 400.
//
// Re-sending a record id that is already stored answers 200 like a first sign-up (not the
// "validation_not_unique" of contacts and audits): that 400 would tell a prober which ids, and so
// which addresses, were stored. The client reads either as "delivered".

onRecordCreateRequest((e) => {
  const email = e.record.getString('email').trim().toLowerCase()
  e.record.set('email', email)
  const newsletter = require(`${__hooks}/lib/newsletter.js`)
  newsletter.markPending(e.record)

  const requestedId = e.record.id
  const existing = email
    ? e.app.findRecordsByFilter(e.collection, 'email = {:email}', '', 1, 0, { email })
    : []
  let idTaken = false
  if (requestedId) {
    try {
      e.app.findRecordById(e.collection, requestedId)
      idTaken = true
    } catch (_) {
      idTaken = false
    }
  }
  if (existing.length === 0 && !idTaken) {
    e.next()
    newsletter.queueConfirmation(e.app, e.record, e.realIP())
    return
  }

  // Already subscribed, or the id is taken (an outbox re-sending a delivered sign-up, or a prober
  // re-using an id with another address): answer as if this request had created the row, built
  // from what the client sent (never the stored row's source or dates), after the same field
  // validation a real create gets. Every valid sign-up gets the same 200, so neither the address
  // nor the id tells whether someone subscribed; the outbox reads 200 as delivered.
  const { validateAsNew } = require(`${__hooks}/lib/validate-as-new.js`)
  const reply = validateAsNew(e.app, e.record, email, '')
  reply.id = requestedId || (existing.length > 0 ? existing[0].id : reply.id)
  if (existing.length > 0) newsletter.signUpAgain(e.app, existing[0], e.realIP())
  return e.json(200, reply)
}, 'newsletter_subscriptions')

// The audit's newsletter choice: the same double opt-in as the forms (after the audit is saved;
// a failure here is logged and never fails the audit). The request's address, kept by mail.pb.js
// while the create runs, counts towards the daily cap on visitor mail.
onRecordAfterCreateSuccess((e) => {
  e.next()
  if (!e.record.getBool('newsletterSubscription')) return
  const { signUp } = require(`${__hooks}/lib/newsletter.js`)
  const clientIp = String(e.app.store().get(`mail-client-ip:audits:${e.record.id}`) || '')
  signUp(e.app, e.record.getString('email'), 'audit', e.record.getString('userAgent'), clientIp)
}, 'audits')

// --- the public links (rate-limited by the `/api/newsletter/` rule) ---------------------------
//
// POST /api/newsletter/confirm {token}           -> 200 { status: 'active' }
// POST /api/newsletter/unsubscribe?token=...     (RFC 8058 one-click: body List-Unsubscribe=One-Click)
// POST /api/newsletter/unsubscribe {token}       (the unsubscribe page's button)
//                                                 -> 200 { status: 'unsubscribed' }
// GET  /api/newsletter/unsubscribe?token=...     -> 303 to the unsubscribe page (changes nothing)
// A malformed, forged or altered token answers 400 naming `token`; nothing tells whether an
// address is subscribed.

routerAdd('POST', '/api/newsletter/confirm', (e) => {
  const newsletter = require(`${__hooks}/lib/newsletter.js`)
  const record = newsletter.recordForToken(e.app, 'confirm', newsletter.tokenOfRequest(e))
  e.response.header().set('Cache-Control', 'no-store')
  if (!record) throw newsletter.invalidLink('The confirmation link is not valid.')
  const status = newsletter.confirm(e.app, record)
  if (status !== 'active') {
    // Unsubscribed since this mail was sent: only a new sign-up (and its mail) can undo that.
    throw new BadRequestError('This confirmation link has expired. Please sign up again.', {
      token: new ValidationError('validation_link_expired', 'This link has expired.'),
    })
  }
  return e.json(200, { status })
})

routerAdd('POST', '/api/newsletter/unsubscribe', (e) => {
  const newsletter = require(`${__hooks}/lib/newsletter.js`)
  const body = e.requestInfo().body || {}
  e.response.header().set('Cache-Control', 'no-store')
  const oneClick = body['List-Unsubscribe']
  if (oneClick !== undefined && oneClick !== 'One-Click') {
    throw new BadRequestError('Expected List-Unsubscribe=One-Click.', {
      'List-Unsubscribe': new ValidationError('validation_invalid_value', 'Must be One-Click.'),
    })
  }
  const record = newsletter.recordForToken(e.app, 'unsubscribe', newsletter.tokenOfRequest(e))
  if (!record) throw newsletter.invalidLink('The unsubscribe link is not valid.')
  // The newsletter issue whose link this was (its results count the unsubscribe).
  const issue = String(body.issue || e.request.url.query().get('issue') || '')
  const status = newsletter.unsubscribe(e.app, record, issue)
  require(`${__hooks}/lib/newsletter-issues.js`).skipWaitingCopies(e.app, record.getString('email'))
  return e.json(200, { status })
})

routerAdd('GET', '/api/newsletter/unsubscribe', (e) => {
  const { paths } = require(`${__hooks}/lib/shared.cjs`)
  const token = String(e.request.url.query().get('token') || '').replace(/[^a-z0-9.]/g, '')
  const issue = String(e.request.url.query().get('issue') || '').replace(/[^a-z0-9]/g, '')
  e.response.header().set('Cache-Control', 'no-store')
  const fromIssue = issue.length === 15 ? `?issue=${issue}` : ''
  return e.redirect(303, `${paths.newsletterUnsubscribe}/${token.slice(0, 200)}${fromIssue}`)
})

// --- the signed-in user's own subscription (the dashboard's Settings tab) ----------------------
//
// GET  /api/newsletter/me                 -> 200 { status: 'none' | 'pending' | 'active' | 'unsubscribed' }
// POST /api/newsletter/me {subscribed}    -> 200 { status }
// Subscribing with a verified e-mail is active at once (the address is proven); otherwise it is
// a sign-up like any other (pending, confirmation mail). Unsubscribing is immediate. The user's
// newsletterConsent follows the choice. With an unverified e-mail a user sees and cancels only
// the subscription their own sign-up made (lib/newsletter.js ownSubscription); for anything else
// they get the answers a stranger's public sign-up would get.

routerAdd(
  'GET',
  '/api/newsletter/me',
  (e) => {
    const { ownSubscription } = require(`${__hooks}/lib/newsletter.js`)
    e.response.header().set('Cache-Control', 'no-store')
    const own = ownSubscription(e)
    return e.json(200, { status: own.mine ? own.record.getString('status') : 'none' })
  },
  $apis.requireAuth('users'),
)

routerAdd(
  'POST',
  '/api/newsletter/me',
  (e) => {
    const newsletter = require(`${__hooks}/lib/newsletter.js`)
    const body = e.requestInfo().body || {}
    e.response.header().set('Cache-Control', 'no-store')
    if (typeof body.subscribed !== 'boolean') {
      throw new BadRequestError('`subscribed` must be true or false.', {
        subscribed: new ValidationError('validation_invalid_value', 'Must be true or false.'),
      })
    }
    const own = newsletter.ownSubscription(e)
    if (body.subscribed) {
      const ip = e.realIP()
      if (!own.record) newsletter.signUp(e.app, own.email, 'signup', e.request.userAgent(), ip)
      else newsletter.signUpAgain(e.app, own.record, ip)
      const after = newsletter.ownSubscription(e).record
      if (after && e.auth.verified() && after.getString('status') === 'pending') {
        after.set('status', 'active')
        after.set('confirmedAt', new DateTime())
        e.app.save(after)
      }
    } else if (own.mine) {
      newsletter.unsubscribe(e.app, own.record)
      const issues = require(`${__hooks}/lib/newsletter-issues.js`)
      issues.skipWaitingCopies(e.app, own.record.getString('email'))
    }
    const user = e.app.findRecordById('users', e.auth.id)
    user.set('newsletterConsent', body.subscribed)
    e.app.save(user)
    const after = newsletter.ownSubscription(e)
    if (after.mine) return e.json(200, { status: after.record.getString('status') })
    // Somebody else's subscription: what a public sign-up (or no change) would answer.
    return e.json(200, { status: body.subscribed ? 'pending' : 'none' })
  },
  $apis.requireAuth('users'),
)

// --- the consultant's export -------------------------------------------------------------------
//
// GET /api/newsletter/export -> text/csv of ACTIVE subscribers only: email, name (from an account
// with the same e-mail), confirmed_at (ISO 8601, UTC), source. Admins and superusers only.

routerAdd('GET', '/api/newsletter/export', (e) => {
  if (
    !e.hasSuperuserAuth() &&
    !(e.auth && e.auth.collection().name === 'users' && e.auth.get('isAdmin') === true)
  ) {
    throw new ForbiddenError('Only the site admin can export subscribers.')
  }
  const { subscribersExportCsv } = require(`${__hooks}/lib/newsletter-export.js`)
  e.response.header().set('Cache-Control', 'no-store')
  e.response.header().set('Content-Type', 'text/csv; charset=utf-8')
  e.response
    .header()
    .set('Content-Disposition', 'attachment; filename="newsletter-subscribers-active.csv"')
  return e.string(200, subscribersExportCsv(e.app))
})

// Pending sign-ups never confirmed are removed after 30 days (every day at 03:17).
cronAdd('newsletter_pending_cleanup', '17 3 * * *', () => {
  try {
    const removed = require(`${__hooks}/lib/newsletter.js`).removeStalePending($app)
    if (removed > 0)
      $app.logger().info('newsletter: removed stale pending sign-ups', 'count', removed)
  } catch (err) {
    $app.logger().error('newsletter: pending cleanup failed', 'error', String(err))
  }
})
