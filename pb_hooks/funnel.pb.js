/// <reference path="../.pb-types/types.d.ts" />
// The privacy-respecting funnel and the visitors' peer benchmark:
//   - POST /api/funnel/visit: a browser session's visit, answered with its visit token; a
//     `call_booked` event counts only with that token (lib/funnel-token.js), and only the server
//     sets `confirmed` (a booking tied to a person: lib/funnel.js recordConfirmedBooking).
//   - events creates: a small body (at most 2 KiB: COLLECTION_CREATE_BODY_LIMITS in
//     src/config/limits.ts) of single-line fields; no identity is kept (the collection has no
//     field for one). The rate limit is in the migration.
//   - GET /api/admin/funnel?days=7|30|90 -> the funnel report (admin only).
//   - GET /api/peer-benchmark -> score histograms once enough audits exist; recomputed at most
//     every 10 minutes (cached in the app store, shared with the funnel's section averages),
//     cacheable by browsers for as long.

onRecordCreateRequest((e) => {
  const { touchFieldProblem } = /** @type {typeof import('./lib/first-touch.js')} */ (
    require(`${__hooks}/lib/first-touch.js`)
  )
  /** @type {Record<string, ValidationError>} */
  const data = {}
  for (const field of ['path', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign']) {
    const problem = touchFieldProblem(field, e.record.getString(field))
    if (problem) data[field] = new ValidationError('validation_invalid_value', problem)
  }
  // A booking counts only with the visit token of the same browser session (lib/funnel-token.js);
  // only the server confirms one (lib/funnel.js recordConfirmedBooking).
  if (!e.hasSuperuserAuth()) {
    e.record.set('confirmed', false)
    if (e.record.getString('name') === 'call_booked') {
      const { tokenProblem } = /** @type {typeof import('./lib/funnel-token.js')} */ (
        require(`${__hooks}/lib/funnel-token.js`)
      )
      const problem = tokenProblem(e.app, (e.requestInfo().body || {}).token, Date.now())
      if (problem) data.token = new ValidationError('validation_invalid_token', problem)
    }
  }
  if (Object.keys(data).length) throw new BadRequestError('Failed to create record.', data)
  return e.next()
}, 'events')

// POST /api/funnel/visit {path, referrer?, utmSource?, utmMedium?, utmCampaign?}
//   -> 200 { token }: records this browser session's visit (no id, cookie or address kept) and
//   hands out the visit token its later `call_booked` step must carry. Counted in the IP's daily
//   bucket of funnel events (lib/ip-caps.js) and rate-limited (`POST /api/funnel/`).
routerAdd('POST', '/api/funnel/visit', (e) => {
  const { touchFieldProblem } = /** @type {typeof import('./lib/first-touch.js')} */ (
    require(`${__hooks}/lib/first-touch.js`)
  )
  const body = e.requestInfo().body || {}
  const fields = ['path', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign']
  /** @type {Record<string, ValidationError>} */
  const data = {}
  for (const field of fields) {
    const value = body[field] === undefined || body[field] === null ? '' : body[field]
    const problem = touchFieldProblem(field, value)
    if (problem) data[field] = new ValidationError('validation_invalid_value', problem)
  }
  if (Object.keys(data).length) throw new BadRequestError('The visit is not valid.', data)

  const now = Date.now()
  const caps = /** @type {typeof import('./lib/ip-caps.js')} */ (
    require(`${__hooks}/lib/ip-caps.js`)
  )
  const counted = caps.countCreate(e, 'events', now)
  try {
    const event = new Record(e.app.findCollectionByNameOrId('events'))
    event.set('name', 'visit')
    for (const field of fields) event.set(field, body[field] || '')
    e.app.save(event)
  } catch (err) {
    caps.giveBack(e.app, counted)
    throw err
  }
  const { issueToken } = /** @type {typeof import('./lib/funnel-token.js')} */ (
    require(`${__hooks}/lib/funnel-token.js`)
  )
  e.response.header().set('Cache-Control', 'no-store')
  return e.json(200, { token: issueToken(e.app, now) })
})

routerAdd(
  'GET',
  '/api/admin/funnel',
  (e) => {
    if (
      !e.hasSuperuserAuth() &&
      !(e.auth && e.auth.collection().name === 'users' && e.auth.get('isAdmin') === true)
    ) {
      throw new ForbiddenError('Only the site admin can read the funnel.')
    }
    const { FUNNEL_PERIODS } = /** @type {typeof import('./lib/shared.cjs')} */ (
      require(`${__hooks}/lib/shared.cjs`)
    )
    const days = Number(e.request.url.query().get('days') || '30')
    if (/** @type {readonly number[]} */ (FUNNEL_PERIODS).indexOf(days) < 0) {
      throw new BadRequestError('`days` must be one of ' + FUNNEL_PERIODS.join(', ') + '.', {
        days: new ValidationError('validation_invalid_value', 'Unknown period.'),
      })
    }
    const { funnelReport } = /** @type {typeof import('./lib/funnel.js')} */ (
      require(`${__hooks}/lib/funnel.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, funnelReport(e.app, days, Date.now()))
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd('GET', '/api/peer-benchmark', (e) => {
  const { PEER_MIN_AUDITS } = /** @type {typeof import('./lib/shared.cjs')} */ (
    require(`${__hooks}/lib/shared.cjs`)
  )
  const { peerBenchmark } = /** @type {typeof import('./lib/funnel.js')} */ (
    require(`${__hooks}/lib/funnel.js`)
  )
  const answer = peerBenchmark(e.app, PEER_MIN_AUDITS, Date.now())
  e.response.header().set('Cache-Control', 'public, max-age=600')
  return e.json(200, {
    computedAt: new Date(answer.computedAt).toISOString(),
    minAudits: PEER_MIN_AUDITS,
    ...answer.benchmark,
  })
})
