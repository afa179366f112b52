/// <reference path="../.pb-types/types.d.ts" />
// The daily caps per IP address on what the open internet can store (lib/ip-caps.js): contact
// messages, audits and funnel events, one bucket each whether single or batched. A create that
// counted and then fails (bad input, a failed write) gives its count back. Expired counters are
// deleted every hour; POST /api/limits/prune {"now"?: ISO} (superusers) does it now, as if at
// `now`, so tests move to the next day instead of waiting for it.

onRecordCreateRequest(
  (e) => {
    const caps = /** @type {typeof import('./lib/ip-caps.js')} */ (
      require(`${__hooks}/lib/ip-caps.js`)
    )
    const key = caps.countCreate(e, e.collection.name, Date.now())
    if (!key) return e.next()
    try {
      return e.next()
    } catch (err) {
      caps.giveBack(e.app, key)
      throw err
    }
  },
  'contacts',
  'audits',
  'events',
)

cronAdd('abuse_counters_prune', '23 * * * *', () => {
  try {
    const counters = /** @type {typeof import('./lib/counters.js')} */ (
      require(`${__hooks}/lib/counters.js`)
    )
    counters.prune(/** @type {core.App} */ (/** @type {unknown} */ ($app)), Date.now())
  } catch (err) {
    $app.logger().error('counters: prune failed', 'error', String(err))
  }
})

routerAdd(
  'POST',
  '/api/limits/prune',
  (e) => {
    const { prune } = /** @type {typeof import('./lib/counters.js')} */ (
      require(`${__hooks}/lib/counters.js`)
    )
    const body = e.requestInfo().body || {}
    const now = typeof body.now === 'string' ? Date.parse(body.now) : Date.now()
    if (!isFinite(now)) {
      throw new BadRequestError('`now` must be an ISO time.', {
        now: new ValidationError('validation_invalid_value', 'Must be an ISO time.'),
      })
    }
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, { pruned: prune(e.app, now) })
  },
  $apis.requireSuperuserAuth(),
)
