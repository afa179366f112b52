/// <reference path="../.pb-types/types.d.ts" />
// Web Push alerts to the consultant's devices (server/push/):
//   - push_subscriptions: one row per device that turned alerts on (the browser's push endpoint
//     and its keys), with its last delivery. Written and read only through /api/push/ (the
//     consultant); nobody reaches it through the records API.
//   - app_secrets `vapid_private`: the VAPID signing key (RFC 8292), made once here as 32 random
//     bytes in hex; the public key the browsers subscribe with is derived from it.

migrate(
  (app) => {
    app.save(
      new Collection(
        /** @type {any} */ ({
          type: 'base',
          name: 'push_subscriptions',
          listRule: null,
          viewRule: null,
          createRule: null,
          updateRule: null,
          deleteRule: null,
          fields: [
            { name: 'endpoint', type: 'text', required: true, max: 1000 },
            { name: 'p256dh', type: 'text', required: true, max: 200 },
            { name: 'auth', type: 'text', required: true, max: 100 },
            { name: 'label', type: 'text', max: 100 },
            { name: 'lastDeliveryAt', type: 'date' },
            { name: 'lastStatus', type: 'select', maxSelect: 1, values: ['delivered', 'failed'] },
            { name: 'lastError', type: 'text', max: 500 },
            { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
            { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
          ],
          indexes: [
            'CREATE UNIQUE INDEX idx_push_subscriptions_endpoint ON push_subscriptions (endpoint)',
          ],
        }),
      ),
    )
    const secret = new Record(app.findCollectionByNameOrId('app_secrets'))
    secret.set('name', 'vapid_private')
    secret.set('value', $security.randomStringWithAlphabet(64, '0123456789abcdef'))
    app.save(secret)
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('push_subscriptions'))
    try {
      app.delete(app.findFirstRecordByData('app_secrets', 'name', 'vapid_private'))
    } catch (_) {
      // not there: nothing to undo
    }
  },
)
