/// <reference path="../.pb-types/types.d.ts" />
// Newsletter sign-ups: the e-mail is stored trimmed and lowercased, and a second sign-up of the
// same e-mail succeeds without adding a row. Double opt-in (lib/newsletter.js): every sign-up is
// `pending` and queues one confirmation mail (at most one per address per 24 hours); an address
// already active answers exactly like a new one and gets no mail; an unsubscribed one gets a new
// row, pending, and needs a new confirmation (links mailed for the old row stop working).
//
// No subscription oracle: a sign-up through the API is checked (the same field checks a create
// gets), queued in newsletter_signups and answered at once - the same work, the same answer and
// the same time whether the address is free, pending or active. The decision (a new row, a
// confirmation mail or nothing) is made later, outside any request, by a cron job every minute;
// POST /api/newsletter/signups/run (superusers) makes the waiting decisions now. The answer
// carries the id the client sent (or a new one), never a stored row's, and a re-used id answers
// like a new one. Superusers (the dashboard, scripts) create the row at once, as PocketBase would.
//
// The create rule runs before this hook (PocketBase checks it first), so a request that
// reaches here was allowed; it may still hold bad input, which must answer 400.

onRecordCreateRequest((e) => {
  const newsletter = /** @type {typeof import('./lib/newsletter.js')} */ (
    require(`${__hooks}/lib/newsletter.js`)
  )
  const email = e.record.getString('email').trim().toLowerCase()
  e.record.set('email', email)
  newsletter.markPending(e.record)

  if (e.hasSuperuserAuth()) {
    e.next()
    newsletter.queueConfirmation(e.app, e.record, '')
    return
  }

  // This hook answers without e.next(), so the input checks that run as another record hook
  // (pb_hooks/input-limits.pb.js, in no fixed order with this one) are run here too.
  const { inputProblems, sentBody, validationErrors } =
    /** @type {typeof import('./lib/input-limits.js')} */ (
      require(`${__hooks}/lib/input-limits.js`)
    )
  const problems = inputProblems(e.collection.name, sentBody(e), e.record)
  if (Object.keys(problems).length > 0) {
    throw new BadRequestError('Failed to create record.', validationErrors(problems))
  }
  const reply = newsletter.signUpReply(e.app, e.record, e.record.id)
  newsletter.requestSignUp(e.app, {
    id: reply.id,
    email,
    source: e.record.getString('source'),
    userAgent: e.record.getString('userAgent'),
    clientIp: e.realIP(),
  })
  return e.json(200, reply)
}, 'newsletter_subscriptions')

// The audit's newsletter choice: queued like any sign-up (after the audit is saved; a failure
// here is logged and never fails the audit), so an audit's answer and time tell nothing about
// the address either. The request's address, kept by mail.pb.js while the create runs, counts
// towards the daily cap on visitor mail.
onRecordAfterCreateSuccess((e) => {
  e.next()
  if (!e.record.getBool('newsletterSubscription')) return
  const { requestSignUp } = /** @type {typeof import('./lib/newsletter.js')} */ (
    require(`${__hooks}/lib/newsletter.js`)
  )
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
}, 'audits')

// The waiting sign-ups are decided every minute, and now by a superuser's POST
// /api/newsletter/signups/run (optional {"now": ISO}, accepted for the flush endpoints' shape).
cronAdd('newsletter_signups', '* * * * *', () => {
  try {
    const newsletter = /** @type {typeof import('./lib/newsletter.js')} */ (
      require(`${__hooks}/lib/newsletter.js`)
    )
    newsletter.decidePendingSignUps(/** @type {core.App} */ (/** @type {unknown} */ ($app)))
  } catch (err) {
    $app.logger().error('newsletter: deciding sign-ups failed', 'error', String(err))
  }
})

routerAdd(
  'POST',
  '/api/newsletter/signups/run',
  (e) => {
    const { decidePendingSignUps } = /** @type {typeof import('./lib/newsletter.js')} */ (
      require(`${__hooks}/lib/newsletter.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, { decided: decidePendingSignUps(e.app) })
  },
  $apis.requireSuperuserAuth(),
)

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
  const newsletter = /** @type {typeof import('./lib/newsletter.js')} */ (
    require(`${__hooks}/lib/newsletter.js`)
  )
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
  const newsletter = /** @type {typeof import('./lib/newsletter.js')} */ (
    require(`${__hooks}/lib/newsletter.js`)
  )
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
  const newsletterIssues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
    require(`${__hooks}/lib/newsletter-issues.js`)
  )
  newsletterIssues.skipWaitingCopies(e.app, record.getString('email'))
  return e.json(200, { status })
})

routerAdd('GET', '/api/newsletter/unsubscribe', (e) => {
  const { paths } = /** @type {typeof import('./lib/shared.cjs')} */ (
    require(`${__hooks}/lib/shared.cjs`)
  )
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
// With a verified e-mail (the address is proven theirs) a user sees the real status, and
// subscribing is active at once. With an unverified one the answers come from the user's own
// choice, never from a row they may not own: 'active' only for the row their own sign-up made and
// they confirmed from its mail, else 'pending' if they asked for the newsletter and 'none' if not
// (lib/newsletter.js visibleStatus); subscribing is queued like a public sign-up, and
// unsubscribing cancels only the row their own sign-up made. So an account opened with somebody
// else's address learns nothing about that address's subscription. The user's
// newsletterConsent follows the choice.

routerAdd(
  'GET',
  '/api/newsletter/me',
  (e) => {
    const { visibleStatus } = /** @type {typeof import('./lib/newsletter.js')} */ (
      require(`${__hooks}/lib/newsletter.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, { status: visibleStatus(e) })
  },
  $apis.requireAuth('users'),
)

routerAdd(
  'POST',
  '/api/newsletter/me',
  (e) => {
    const newsletter = /** @type {typeof import('./lib/newsletter.js')} */ (
      require(`${__hooks}/lib/newsletter.js`)
    )
    const body = e.requestInfo().body || {}
    e.response.header().set('Cache-Control', 'no-store')
    if (typeof body.subscribed !== 'boolean') {
      throw new BadRequestError('`subscribed` must be true or false.', {
        subscribed: new ValidationError('validation_invalid_value', 'Must be true or false.'),
      })
    }
    const own = newsletter.ownSubscription(e)
    const ip = e.realIP()
    if (body.subscribed && e.auth.verified()) {
      if (!own.record) newsletter.signUp(e.app, own.email, 'signup', e.request.userAgent(), ip)
      else newsletter.signUpAgain(e.app, own.record, ip, { source: 'signup' })
      const after = newsletter.ownSubscription(e).record
      if (after && after.getString('status') === 'pending') {
        after.set('status', 'active')
        after.set('confirmedAt', new DateTime())
        e.app.save(after)
      }
    } else if (body.subscribed) {
      newsletter.requestSignUp(e.app, {
        id: '',
        email: own.email,
        source: 'signup',
        userAgent: e.request.userAgent(),
        clientIp: ip,
      })
    } else if (own.mine) {
      newsletter.unsubscribe(e.app, own.record)
      const issues = /** @type {typeof import('./lib/newsletter-issues.js')} */ (
        require(`${__hooks}/lib/newsletter-issues.js`)
      )
      issues.skipWaitingCopies(e.app, own.record.getString('email'))
    }
    const user = e.app.findRecordById('users', e.auth.id)
    user.set('newsletterConsent', body.subscribed)
    e.app.save(user)
    return e.json(200, { status: newsletter.visibleStatus(e) })
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
  const { subscribersExportCsv } = /** @type {typeof import('./lib/newsletter-export.js')} */ (
    require(`${__hooks}/lib/newsletter-export.js`)
  )
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
    const removed = /** @type {typeof import('./lib/newsletter.js')} */ (
      require(`${__hooks}/lib/newsletter.js`)
    ).removeStalePending(/** @type {core.App} */ (/** @type {unknown} */ ($app)))
    if (removed > 0)
      $app.logger().info('newsletter: removed stale pending sign-ups', 'count', removed)
  } catch (err) {
    $app.logger().error('newsletter: pending cleanup failed', 'error', String(err))
  }
})
