/// <reference path="../.pb-types/types.d.ts" />
// The follow-up sequence after an audit (lib/followups.js) and bookings tied to a person
// (lib/bookings.js):
//   - an audit (re)starts its person's sequence; a message, a status other than New set by the
//     consultant, or a newsletter unsubscribe stops it, with the reason;
//   - a cron job every 5 minutes queues due follow-ups on the delivery queue;
//     POST /api/followups/run (superusers, optional JSON {"now": ISO time}) runs it once;
//   - public: the signed links of the results and follow-up mails (click, stop with RFC 8058
//     one-click) and the scheduler's booking report;
//   - the console's Follow-up tab and person page (admins): settings, preview, test mail,
//     figures, one person's sequence and its Stop button.
// Every route's body limit is a line of ROUTE_BODY_LIMITS (src/config/limits.ts).

onRecordAfterCreateSuccess((e) => {
  // After the people hook has made or refreshed the person of the audit's address.
  e.next()
  try {
    const followups = /** @type {typeof import('./lib/followups.js')} */ (
      require(`${__hooks}/lib/followups.js`)
    )
    followups.startSequence(e.app, e.record)
  } catch (err) {
    e.app.logger().error('followups: could not start', 'error', String(err))
  }
}, 'audits')

onRecordAfterCreateSuccess((e) => {
  e.next()
  try {
    const followups = /** @type {typeof import('./lib/followups.js')} */ (
      require(`${__hooks}/lib/followups.js`)
    )
    followups.stopForAddress(e.app, e.record.getString('email'), 'message')
  } catch (err) {
    e.app.logger().error('followups: could not stop', 'error', String(err))
  }
}, 'contacts')

onRecordAfterCreateSuccess((e) => {
  e.next()
  // The consultant's own status changes; a booking's (by the site) stops with `booked` itself.
  const record = e.record
  if (record.getString('kind') !== 'status' || record.getString('origin') === 'site') return
  if (!record.getString('status') || record.getString('status') === 'new') return
  try {
    const followups = /** @type {typeof import('./lib/followups.js')} */ (
      require(`${__hooks}/lib/followups.js`)
    )
    followups.stopSequence(e.app, record.getString('person'), 'status')
  } catch (err) {
    e.app.logger().error('followups: could not stop', 'error', String(err))
  }
}, 'person_updates')

onRecordAfterUpdateSuccess((e) => {
  e.next()
  const now = e.record.getString('status')
  if (now !== 'unsubscribed' || e.record.original().getString('status') === now) return
  try {
    const followups = /** @type {typeof import('./lib/followups.js')} */ (
      require(`${__hooks}/lib/followups.js`)
    )
    followups.stopForAddress(e.app, e.record.getString('email'), 'unsubscribed')
  } catch (err) {
    e.app.logger().error('followups: could not stop', 'error', String(err))
  }
}, 'newsletter_subscriptions')

cronAdd('followups_scheduler', '*/5 * * * *', () => {
  try {
    const followups = /** @type {typeof import('./lib/followups.js')} */ (
      require(`${__hooks}/lib/followups.js`)
    )
    followups.runFollowups(/** @type {core.App} */ (/** @type {unknown} */ ($app)))
  } catch (err) {
    $app.logger().error('followups: scheduler run failed', 'error', String(err))
  }
})

// --- operators and tests ------------------------------------------------------------------------

routerAdd(
  'POST',
  '/api/followups/run',
  (e) => {
    const { runFollowups } = /** @type {typeof import('./lib/followups.js')} */ (
      require(`${__hooks}/lib/followups.js`)
    )
    const { nowOfRequest } = /** @type {typeof import('./lib/followup-http.js')} */ (
      require(`${__hooks}/lib/followup-http.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, runFollowups(e.app, nowOfRequest(e)))
  },
  $apis.requireSuperuserAuth(),
)

// --- public: the mails' signed links and the scheduler's booking report -------------------------
//
// POST /api/followups/click {token}        a results (r) or follow-up (f) link was opened
//                                          -> 200 { name, email } for the booking form
// POST /api/followups/stop?token=...       RFC 8058 one-click (body List-Unsubscribe=One-Click)
// POST /api/followups/stop {token, everything?}  the stop page's buttons
//                                          -> 200 { stopped: true, newsletter: 'unsubscribed' | 'unchanged' }
// GET  /api/followups/stop?token=...       -> 303 to the stop page (changes nothing)
// POST /api/bookings {ref?, audit?, email?} the scheduler reported a booking on a page of the site
//                                          -> 200 { booked: true | false, repeat? }
// A malformed, forged or altered token answers 400 naming the field.

routerAdd('POST', '/api/followups/click', (e) => {
  const http = /** @type {typeof import('./lib/followup-http.js')} */ (
    require(`${__hooks}/lib/followup-http.js`)
  )
  const { readToken } = /** @type {typeof import('./lib/followup-links.js')} */ (
    require(`${__hooks}/lib/followup-links.js`)
  )
  const { recordClick } = /** @type {typeof import('./lib/followups.js')} */ (
    require(`${__hooks}/lib/followups.js`)
  )
  e.response.header().set('Cache-Control', 'no-store')
  const token = readToken(e.app, http.tokenOfRequest(e))
  if (!token || token.kind === 's') throw http.invalidLink('token')
  const clicked = recordClick(e.app, token, Date.now())
  if (!clicked) throw http.invalidLink('token')
  return e.json(200, clicked.prefill)
})

routerAdd('POST', '/api/followups/stop', (e) => {
  const http = /** @type {typeof import('./lib/followup-http.js')} */ (
    require(`${__hooks}/lib/followup-http.js`)
  )
  const { readToken } = /** @type {typeof import('./lib/followup-links.js')} */ (
    require(`${__hooks}/lib/followup-links.js`)
  )
  e.response.header().set('Cache-Control', 'no-store')
  const body = e.requestInfo().body || {}
  const oneClick = body['List-Unsubscribe']
  if (oneClick !== undefined && oneClick !== 'One-Click') {
    throw new BadRequestError('Expected List-Unsubscribe=One-Click.', {
      'List-Unsubscribe': new ValidationError('validation_invalid_value', 'Must be One-Click.'),
    })
  }
  if (body.everything !== undefined && typeof body.everything !== 'boolean') {
    throw new BadRequestError('`everything` must be true or false.', {
      everything: new ValidationError('validation_invalid_value', 'Must be true or false.'),
    })
  }
  const token = readToken(e.app, http.tokenOfRequest(e))
  if (!token || token.kind !== 's') throw http.invalidLink('token')
  return e.json(200, http.stopByLink(e.app, token.id, body.everything === true))
})

routerAdd('GET', '/api/followups/stop', (e) => {
  const { paths } = /** @type {typeof import('./lib/shared.cjs')} */ (
    require(`${__hooks}/lib/shared.cjs`)
  )
  const token = String(e.request.url.query().get('token') || '').replace(/[^a-z0-9.]/g, '')
  e.response.header().set('Cache-Control', 'no-store')
  return e.redirect(303, `${paths.followupStop}/${token.slice(0, 100)}`)
})

routerAdd('POST', '/api/bookings', (e) => {
  const { namedPerson, recordBooking } = /** @type {typeof import('./lib/bookings.js')} */ (
    require(`${__hooks}/lib/bookings.js`)
  )
  e.response.header().set('Cache-Control', 'no-store')
  const body = e.requestInfo().body || {}
  const now = Date.now()
  const named = namedPerson(e.app, body, e.auth, now)
  if (!named) return e.json(200, { booked: false })
  const outcome = recordBooking(e.app, named, now)
  return e.json(200, { booked: true, repeat: outcome.repeat })
})

// --- the console (admins and superusers) --------------------------------------------------------
//
// GET  /api/followups/settings              -> { settings, defaults, placeholders, limits }
// PUT  /api/followups/settings {enabled, steps: [{delayDays, subject, text}]}  -> { settings }
// POST /api/followups/preview {person?, subject, text}   -> { subject, html, text }
// POST /api/followups/test {person?, subject, text}      -> { queued: true, to }
// GET  /api/followups/figures                            -> per mail: sent, clicked, booked, stops
// GET  /api/followups/people/:id                         -> one person's sequence
// POST /api/followups/people/:id/stop                    -> that sequence, stopped by the consultant

routerAdd(
  'GET',
  '/api/followups/settings',
  (e) => {
    const http = /** @type {typeof import('./lib/followup-http.js')} */ (
      require(`${__hooks}/lib/followup-http.js`)
    )
    http.requireAdmin(e)
    const settings = /** @type {typeof import('./lib/followup-settings.js')} */ (
      require(`${__hooks}/lib/followup-settings.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, { settings: settings.readSettings(e.app), defaults: settings.defaults() })
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'PUT',
  '/api/followups/settings',
  (e) => {
    const http = /** @type {typeof import('./lib/followup-http.js')} */ (
      require(`${__hooks}/lib/followup-http.js`)
    )
    http.requireAdmin(e)
    const { saveSettings } = /** @type {typeof import('./lib/followup-settings.js')} */ (
      require(`${__hooks}/lib/followup-settings.js`)
    )
    const { rescheduleAll } = /** @type {typeof import('./lib/followups.js')} */ (
      require(`${__hooks}/lib/followups.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    const saved = saveSettings(e.app, e.requestInfo().body)
    rescheduleAll(e.app, saved)
    return e.json(200, { settings: saved })
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'POST',
  '/api/followups/preview',
  (e) => {
    const http = /** @type {typeof import('./lib/followup-http.js')} */ (
      require(`${__hooks}/lib/followup-http.js`)
    )
    http.requireAdmin(e)
    const draft = http.draftOfRequest(e)
    const { previewMail } = /** @type {typeof import('./lib/followup-kinds.js')} */ (
      require(`${__hooks}/lib/followup-kinds.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, previewMail(e.app, draft.person, draft, false))
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'POST',
  '/api/followups/test',
  (e) => {
    const http = /** @type {typeof import('./lib/followup-http.js')} */ (
      require(`${__hooks}/lib/followup-http.js`)
    )
    http.requireAdmin(e)
    const draft = http.draftOfRequest(e)
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, http.queueTest(e.app, e.auth.getString('email'), draft))
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'GET',
  '/api/followups/figures',
  (e) => {
    const followupHttp = /** @type {typeof import('./lib/followup-http.js')} */ (
      require(`${__hooks}/lib/followup-http.js`)
    )
    followupHttp.requireAdmin(e)
    const { figures } = /** @type {typeof import('./lib/followup-console.js')} */ (
      require(`${__hooks}/lib/followup-console.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, figures(e.app))
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'GET',
  '/api/followups/people/{id}',
  (e) => {
    const followupHttp = /** @type {typeof import('./lib/followup-http.js')} */ (
      require(`${__hooks}/lib/followup-http.js`)
    )
    followupHttp.requireAdmin(e)
    const { personFollowups } = /** @type {typeof import('./lib/followup-console.js')} */ (
      require(`${__hooks}/lib/followup-console.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    const state = personFollowups(e.app, e.request.pathValue('id'))
    if (!state) throw new NotFoundError('This person no longer exists.')
    return e.json(200, state)
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'POST',
  '/api/followups/people/{id}/stop',
  (e) => {
    const followupHttp = /** @type {typeof import('./lib/followup-http.js')} */ (
      require(`${__hooks}/lib/followup-http.js`)
    )
    followupHttp.requireAdmin(e)
    const { stopSequence } = /** @type {typeof import('./lib/followups.js')} */ (
      require(`${__hooks}/lib/followups.js`)
    )
    const { personFollowups } = /** @type {typeof import('./lib/followup-console.js')} */ (
      require(`${__hooks}/lib/followup-console.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    const id = e.request.pathValue('id')
    if (!personFollowups(e.app, id)) throw new NotFoundError('This person no longer exists.')
    stopSequence(e.app, id, 'consultant')
    return e.json(200, personFollowups(e.app, id))
  },
  $apis.requireAuth('users', '_superusers'),
)
