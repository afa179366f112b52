/// <reference path="../.pb-types/types.d.ts" />
// The privacy-respecting funnel and the visitors' peer benchmark:
//   - events creates: a small body (at most 2 KiB) of single-line fields; no identity is kept
//     (the collection has no field for one). The rate limit is in the migration.
//   - GET /api/admin/funnel?days=7|30|90 -> the funnel report (admin only).
//   - GET /api/peer-benchmark -> score histograms once enough audits exist; recomputed at most
//     every 10 minutes (cached in the app store, shared with the funnel's section averages),
//     cacheable by browsers for as long.

// Refused before the body is read: an event is a few short fields.
routerUse((e) => {
  if (
    e.request.method === 'POST' &&
    e.request.url.path === '/api/collections/events/records' &&
    (e.request.contentLength > 2048 || e.request.contentLength < 0)
  ) {
    throw new ApiError(413, 'The event is too large.', {})
  }
  return e.next()
})

onRecordCreateRequest((e) => {
  const { touchFieldProblem } = require(`${__hooks}/lib/first-touch.js`)
  const data = {}
  for (const field of ['path', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign']) {
    const problem = touchFieldProblem(field, e.record.getString(field))
    if (problem) data[field] = new ValidationError('validation_invalid_value', problem)
  }
  if (Object.keys(data).length) throw new BadRequestError('Failed to create record.', data)
  return e.next()
}, 'events')

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
    const { FUNNEL_PERIODS } = require(`${__hooks}/lib/shared.cjs`)
    const days = Number(e.request.url.query().get('days') || '30')
    if (FUNNEL_PERIODS.indexOf(days) < 0) {
      throw new BadRequestError('`days` must be one of ' + FUNNEL_PERIODS.join(', ') + '.', {
        days: new ValidationError('validation_invalid_value', 'Unknown period.'),
      })
    }
    const { funnelReport } = require(`${__hooks}/lib/funnel.js`)
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, funnelReport(e.app, days, Date.now()))
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd('GET', '/api/peer-benchmark', (e) => {
  const { PEER_MIN_AUDITS } = require(`${__hooks}/lib/shared.cjs`)
  const { peerBenchmark } = require(`${__hooks}/lib/funnel.js`)
  const answer = peerBenchmark(e.app, PEER_MIN_AUDITS, Date.now())
  e.response.header().set('Cache-Control', 'public, max-age=600')
  return e.json(200, {
    computedAt: new Date(answer.computedAt).toISOString(),
    minAudits: PEER_MIN_AUDITS,
    ...answer.benchmark,
  })
})
