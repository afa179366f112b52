/// <reference path="../.pb-types/types.d.ts" />
// Outgoing webhooks (docs/webhooks.md, docs/decisions/029-outgoing-webhooks.md).
//
// Events: each is queued (lib/webhook-events.js) in the same transaction as the change that
// caused it - an audit or a contact message saved, a newsletter sign-up confirmed or
// unsubscribed, a person's status changed - so it exists exactly when the change does; its body
// is built when it is first sent (lib/webhook-payloads.js). Nothing is sent inside a request: the
// delivery queue's `webhook` channel posts them.
//
// The consultant's routes (admins and superusers; JSON bodies of at most a few KiB):
//   POST   /api/webhooks                {url, events, description?} -> {id, secret, endpoint}
//   PATCH  /api/webhooks/{id}           {url?, events?, description?, enabled?} -> endpoint
//   DELETE /api/webhooks/{id}           -> 204 (its waiting deliveries are cancelled)
//   POST   /api/webhooks/{id}/rotate    -> {secret} (the old one signs too for 24 hours)
//   POST   /api/webhooks/{id}/test      -> {eventId} (a webhook.test event to that endpoint)
//   POST   /api/webhooks/{id}/resend    {event} -> {queued} (that event again, same webhook-id)
// The secret is shown once, in the answer that makes it; the API never returns it again.

routerAdd(
  'POST',
  '/api/webhooks',
  (e) => {
    const request = /** @type {typeof import('./lib/webhook-requests.js')} */ (
      require(`${__hooks}/lib/webhook-requests.js`)
    )
    request.requireConsultant(e)
    const endpoints = /** @type {typeof import('./lib/webhook-endpoints.js')} */ (
      require(`${__hooks}/lib/webhook-endpoints.js`)
    )
    const body = request.jsonBody(e)
    const made = endpoints.createEndpoint(e.app, {
      url: body.url,
      events: body.events,
      description: body.description,
    })
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, {
      id: made.record.id,
      secret: made.secret,
      endpoint: endpoints.publicView(made.record),
    })
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'PATCH',
  '/api/webhooks/{id}',
  (e) => {
    const request = /** @type {typeof import('./lib/webhook-requests.js')} */ (
      require(`${__hooks}/lib/webhook-requests.js`)
    )
    request.requireConsultant(e)
    const endpoints = /** @type {typeof import('./lib/webhook-endpoints.js')} */ (
      require(`${__hooks}/lib/webhook-endpoints.js`)
    )
    const body = request.jsonBody(e)
    const record = endpoints.updateEndpoint(e.app, request.endpointOfPath(e), {
      url: body.url,
      events: body.events,
      description: body.description,
      enabled: body.enabled,
    })
    return e.json(200, endpoints.publicView(record))
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'DELETE',
  '/api/webhooks/{id}',
  (e) => {
    const request = /** @type {typeof import('./lib/webhook-requests.js')} */ (
      require(`${__hooks}/lib/webhook-requests.js`)
    )
    request.requireConsultant(e)
    const endpoints = /** @type {typeof import('./lib/webhook-endpoints.js')} */ (
      require(`${__hooks}/lib/webhook-endpoints.js`)
    )
    endpoints.deleteEndpoint(e.app, request.endpointOfPath(e))
    return e.noContent(204)
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'POST',
  '/api/webhooks/{id}/rotate',
  (e) => {
    const request = /** @type {typeof import('./lib/webhook-requests.js')} */ (
      require(`${__hooks}/lib/webhook-requests.js`)
    )
    request.requireConsultant(e)
    const endpoints = /** @type {typeof import('./lib/webhook-endpoints.js')} */ (
      require(`${__hooks}/lib/webhook-endpoints.js`)
    )
    const secret = endpoints.rotateSecret(e.app, request.endpointOfPath(e))
    e.response.header().set('Cache-Control', 'no-store')
    return e.json(200, { secret })
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'POST',
  '/api/webhooks/{id}/test',
  (e) => {
    const request = /** @type {typeof import('./lib/webhook-requests.js')} */ (
      require(`${__hooks}/lib/webhook-requests.js`)
    )
    request.requireConsultant(e)
    const events = /** @type {typeof import('./lib/webhook-events.js')} */ (
      require(`${__hooks}/lib/webhook-events.js`)
    )
    const endpoint = request.endpointOfPath(e)
    /** @type {{ eventId: string, queued: number }} */
    let sent = { eventId: '', queued: 0 }
    e.app.runInTransaction((txApp) => {
      sent = events.emitTestEvent(txApp, endpoint)
    })
    return e.json(200, { eventId: sent.eventId, queued: sent.queued })
  },
  $apis.requireAuth('users', '_superusers'),
)

routerAdd(
  'POST',
  '/api/webhooks/{id}/resend',
  (e) => {
    const request = /** @type {typeof import('./lib/webhook-requests.js')} */ (
      require(`${__hooks}/lib/webhook-requests.js`)
    )
    request.requireConsultant(e)
    const events = /** @type {typeof import('./lib/webhook-events.js')} */ (
      require(`${__hooks}/lib/webhook-events.js`)
    )
    const endpoint = request.endpointOfPath(e)
    const body = request.jsonBody(e)
    const eventId = typeof body.event === 'string' ? body.event : ''
    /** @type {core.Record} */
    let event
    try {
      event = e.app.findRecordById('webhook_events', eventId)
    } catch (_) {
      throw new BadRequestError('No such event.', {
        event: new ValidationError('validation_invalid_value', 'No such event.'),
      })
    }
    const queued = events.resendEvent(e.app, endpoint, event)
    return e.json(200, { queued })
  },
  $apis.requireAuth('users', '_superusers'),
)

// --- the collection itself ----------------------------------------------------------------

// Never a secret in any answer, superusers' and realtime messages included: hidden after the
// default enriching (inside e.next()), which shows hidden fields to superusers.
onRecordEnrich((e) => {
  e.next()
  e.record.hide('secret', 'previousSecret')
}, 'webhook_endpoints')

// Nor as an oracle: a superuser's filter or sort on a secret (character by character) is refused.
onRecordsListRequest((e) => {
  const query = e.requestInfo().query || {}
  if (/secret/i.test(`${query.filter || ''} ${query.sort || ''}`)) {
    throw new BadRequestError('Webhook secrets cannot be searched.')
  }
  return e.next()
}, 'webhook_endpoints')

// Superusers may use the records API, but not to add an endpoint (its secret could never be
// shown) nor to set a URL the guard would refuse.
onRecordCreateRequest(() => {
  throw new BadRequestError(
    'Add webhook endpoints with POST /api/webhooks (it shows the secret once).',
  )
}, 'webhook_endpoints')

onRecordUpdateRequest((e) => {
  const endpoints = /** @type {typeof import('./lib/webhook-endpoints.js')} */ (
    require(`${__hooks}/lib/webhook-endpoints.js`)
  )
  const original = e.record.original()
  for (const field of ['secret', 'previousSecret', 'previousSecretUntil']) {
    if (e.record.getString(field) !== original.getString(field)) {
      throw new BadRequestError('Rotate the secret with POST /api/webhooks/{id}/rotate.')
    }
  }
  if (e.record.getString('url') !== original.getString('url')) {
    e.record.set('url', endpoints.checkedUrl(e.record.getString('url')))
  }
  return e.next()
}, 'webhook_endpoints')

// --- events, each in the transaction of its cause -----------------------------------------

onRecordCreateExecute((e) => {
  const events = /** @type {typeof import('./lib/webhook-events.js')} */ (
    require(`${__hooks}/lib/webhook-events.js`)
  )
  events.saveThenQueue(e, 'audit.completed', () => ({ auditId: e.record.id }))
}, 'audits')

onRecordCreateExecute((e) => {
  const events = /** @type {typeof import('./lib/webhook-events.js')} */ (
    require(`${__hooks}/lib/webhook-events.js`)
  )
  events.saveThenQueue(e, 'message.received', () => ({ contactId: e.record.id }))
}, 'contacts')

onRecordUpdateExecute((e) => {
  const before = e.record.original().getString('status')
  const after = e.record.getString('status')
  const type =
    before === after
      ? ''
      : after === 'active'
        ? 'subscriber.confirmed'
        : after === 'unsubscribed'
          ? 'subscriber.unsubscribed'
          : ''
  if (!type) return e.next()
  const events = /** @type {typeof import('./lib/webhook-events.js')} */ (
    require(`${__hooks}/lib/webhook-events.js`)
  )
  events.saveThenQueue(e, type, () => ({
    subscriptionId: e.record.id,
    status: after,
    confirmedAt: e.record.getString('confirmedAt'),
  }))
}, 'newsletter_subscriptions')

onRecordUpdateExecute((e) => {
  const before = e.record.original().getString('status')
  const after = e.record.getString('status')
  if (before === after) return e.next()
  const events = /** @type {typeof import('./lib/webhook-events.js')} */ (
    require(`${__hooks}/lib/webhook-events.js`)
  )
  events.saveThenQueue(e, 'person.status_changed', () => ({
    personId: e.record.id,
    previousStatus: before,
    status: after,
  }))
}, 'people')

// --- sending --------------------------------------------------------------------------------

// The webhook channel's own job (lib/webhook-runner.js): each minute's run watches for due
// deliveries every second, so events leave within seconds and the first retry comes after ~5 s.
cronAdd('webhook_sender', '* * * * *', () => {
  const runner = /** @type {typeof import('./lib/webhook-runner.js')} */ (
    require(`${__hooks}/lib/webhook-runner.js`)
  )
  runner.runForAMinute(/** @type {core.App} */ (/** @type {unknown} */ ($app)))
})

onTerminate((e) => {
  const runner = /** @type {typeof import('./lib/webhook-runner.js')} */ (
    require(`${__hooks}/lib/webhook-runner.js`)
  )
  runner.stop(e.app)
  return e.next()
})

// POST /api/webhooks/flush {now?} (superusers): one pass of the webhook channel now, as if at
// `now` (an ISO time; tests move time instead of sleeping). Answers the run's summary.
routerAdd(
  'POST',
  '/api/webhooks/flush',
  (e) => {
    const deliveries = /** @type {typeof import('./lib/deliveries.js')} */ (
      require(`${__hooks}/lib/deliveries.js`)
    )
    const request = /** @type {typeof import('./lib/webhook-requests.js')} */ (
      require(`${__hooks}/lib/webhook-requests.js`)
    )
    e.response.header().set('Cache-Control', 'no-store')
    const body = request.jsonBody(e)
    /** @type {number | undefined} */
    let now
    if (body.now !== undefined && body.now !== null && body.now !== '') {
      now = typeof body.now === 'string' ? Date.parse(body.now) : NaN
      if (!isFinite(now)) {
        throw new BadRequestError('`now` must be an ISO time.', {
          now: new ValidationError('validation_invalid_date', 'Must be an ISO time.'),
        })
      }
    }
    return e.json(200, deliveries.run(e.app, { channel: 'webhook', now }))
  },
  $apis.requireSuperuserAuth(),
)

// The log and the events it points to are kept WEBHOOK_LOG_KEEP_DAYS (every day at 03:41).
cronAdd('webhook_log_cleanup', '41 3 * * *', () => {
  try {
    const webhookLog = /** @type {typeof import('./lib/webhook-log.js')} */ (
      require(`${__hooks}/lib/webhook-log.js`)
    )
    webhookLog.removeOldLog(/** @type {core.App} */ (/** @type {unknown} */ ($app)), Date.now())
  } catch (err) {
    $app.logger().error('webhooks: log cleanup failed', 'error', String(err))
  }
})
