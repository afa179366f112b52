/// <reference path="../.pb-types/types.d.ts" />
// Outgoing webhooks (pb_hooks/webhooks.pb.js, docs/webhooks.md):
//   - webhook_endpoints: where events go (URL, the events picked, on or off and why) and the
//     signing secret (and the one before a rotation), hidden fields the API never returns (a
//     hook hides them from superusers too). Admins read them; every change goes through the
//     /api/webhooks routes.
//   - webhook_events: each event once, with the exact JSON body every endpoint receives (the
//     same bytes and the same webhook-id on every retry), or the args it is built from at the
//     first send. Admins read them.
//   - webhook_attempts: the delivery log, one row per attempt: event, attempt number, status
//     code, time taken, the start of the answer. Admins read it.
// The deliveries themselves are rows of the delivery queue (kind `webhook`); `down` removes them.

// Names of their own: a migration without require() shares one scope with the others in the
// type check.
const WEBHOOKS_ADMIN_RULE = '@request.auth.isAdmin = true'
const WEBHOOK_EVENTS_AT_START = [
  'audit.completed',
  'message.received',
  'subscriber.confirmed',
  'subscriber.unsubscribed',
  'person.status_changed',
  'call.booked',
]

function webhookTimestamps() {
  return [
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ]
}

migrate(
  (app) => {
    const endpoints = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'webhook_endpoints',
        listRule: WEBHOOKS_ADMIN_RULE,
        viewRule: WEBHOOKS_ADMIN_RULE,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'url', type: 'text', required: true, max: 2000 },
          { name: 'description', type: 'text', max: 100 },
          {
            name: 'events',
            type: 'select',
            required: true,
            maxSelect: WEBHOOK_EVENTS_AT_START.length,
            values: WEBHOOK_EVENTS_AT_START,
          },
          { name: 'secret', type: 'text', required: true, max: 200, hidden: true },
          // After a rotation the old secret signs too, until previousSecretUntil, so a receiver
          // can switch to the new one without refusing deliveries in between.
          { name: 'previousSecret', type: 'text', max: 200, hidden: true },
          { name: 'previousSecretUntil', type: 'date' },
          { name: 'enabled', type: 'bool' },
          // '' while enabled; `manual` (the consultant) or `failing` (3 days of failures only).
          { name: 'disabledReason', type: 'text', max: 32 },
          { name: 'disabledAt', type: 'date' },
          // The first failure since the last success; cleared by a success.
          { name: 'failingSince', type: 'date' },
          { name: 'lastSuccessAt', type: 'date' },
          { name: 'lastFailureAt', type: 'date' },
          { name: 'lastError', type: 'text', max: 500 },
          ...webhookTimestamps(),
        ],
        indexes: ['CREATE INDEX idx_webhook_endpoints_created ON webhook_endpoints (created)'],
      }),
    )
    app.save(endpoints)

    const events = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'webhook_events',
        listRule: WEBHOOKS_ADMIN_RULE,
        viewRule: WEBHOOKS_ADMIN_RULE,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'type', type: 'text', required: true, max: 64 },
          // The exact JSON text sent ({type, timestamp, data}); for the site's own events it is
          // built from `args` (ids, statuses) when the first delivery is sent, then kept.
          { name: 'body', type: 'text', max: 65536 },
          { name: 'args', type: 'json', maxSize: 2000 },
          // The endpoint of a test event (sent to that one only); '' for real events.
          { name: 'testEndpoint', type: 'text', max: 32 },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: ['CREATE INDEX idx_webhook_events_created ON webhook_events (created)'],
      }),
    )
    app.save(events)

    const attempts = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'webhook_attempts',
        listRule: WEBHOOKS_ADMIN_RULE,
        viewRule: WEBHOOKS_ADMIN_RULE,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            name: 'endpoint',
            type: 'relation',
            required: true,
            collectionId: endpoints.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          {
            name: 'event',
            type: 'relation',
            required: true,
            collectionId: events.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          { name: 'eventType', type: 'text', max: 64 },
          // The delivery queue's row this attempt belongs to.
          { name: 'delivery', type: 'text', max: 32 },
          { name: 'attempt', type: 'number', min: 0, onlyInt: true },
          // `event` (sent because it happened), `resend` or `test`.
          { name: 'trigger', type: 'text', max: 16 },
          // `delivered`, `retry` (to be tried again), `failed` (given up) or `refused` (the
          // address is not allowed now; nothing was sent).
          { name: 'outcome', type: 'text', max: 16 },
          // 0 when no HTTP answer came (refused, timeout, connection error).
          { name: 'statusCode', type: 'number', min: 0, onlyInt: true },
          { name: 'durationMs', type: 'number', min: 0, onlyInt: true },
          { name: 'response', type: 'text', max: 600 },
          { name: 'error', type: 'text', max: 500 },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: [
          'CREATE INDEX idx_webhook_attempts_endpoint ON webhook_attempts (endpoint, created)',
          'CREATE INDEX idx_webhook_attempts_created ON webhook_attempts (created)',
        ],
      }),
    )
    app.save(attempts)
  },
  (app) => {
    // Their deliveries in the queue go with them (the queue's own migration is older).
    app.db().newQuery("DELETE FROM deliveries WHERE kind = 'webhook'").execute()
    for (const name of ['webhook_attempts', 'webhook_events', 'webhook_endpoints']) {
      app.delete(app.findCollectionByNameOrId(name))
    }
  },
)
