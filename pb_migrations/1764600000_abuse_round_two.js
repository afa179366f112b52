/// <reference path="../.pb-types/types.d.ts" />
// Limits against abuse, second round (README.md, "Security"):
//   - abuse_counters (superusers only): counts that must survive a restart and hold across
//     concurrent requests - creates per IP address per day, and failed sign-ins per account.
//     Keys carry a keyed hash of the address or e-mail, never the address itself; every row
//     expires (server/limits/ prunes them).
//   - newsletter_signups (superusers only): sign-up requests waiting for their decision, so a
//     sign-up answers at once and alike whatever the address's state (server/newsletter/).
//   - events.confirmed: true only for a booking the server itself confirmed; no client can set it
//     (the create rule refuses the field).
//   - app_secrets: the keys of the counters' hashes and of the funnel's visit tokens.
//   - a rate limit on the funnel's visit route (one visit per browser session).

const EVENTS_CREATE_RULE = '@request.body.confirmed:isset = false'
const SECRETS = ['abuse_counters', 'funnel_tokens']
const VISIT_RATE_LIMIT = { label: 'POST /api/funnel/', audience: '', duration: 60, maxRequests: 30 }

/**
 * The current rate-limit rules as plain objects, without the one labelled `label`.
 * @param {CoreApp} app
 * @param {string} label
 */
function otherRules(app, label) {
  const rules = []
  for (const rule of app.settings().rateLimits.rules || []) {
    if (rule.label === label) continue
    rules.push({
      label: rule.label,
      audience: rule.audience,
      duration: rule.duration,
      maxRequests: rule.maxRequests,
    })
  }
  return rules
}

migrate(
  (app) => {
    app.save(
      new Collection(
        /** @type {any} */ ({
          type: 'base',
          name: 'abuse_counters',
          listRule: null,
          viewRule: null,
          createRule: null,
          updateRule: null,
          deleteRule: null,
          fields: [
            { name: 'key', type: 'text', required: true, max: 200 },
            { name: 'count', type: 'number', onlyInt: true },
            { name: 'expiresAt', type: 'date', required: true },
          ],
          indexes: [
            'CREATE UNIQUE INDEX idx_abuse_counters_key ON abuse_counters (key)',
            'CREATE INDEX idx_abuse_counters_expires ON abuse_counters (expiresAt)',
          ],
        }),
      ),
    )

    app.save(
      new Collection(
        /** @type {any} */ ({
          type: 'base',
          name: 'newsletter_signups',
          listRule: null,
          viewRule: null,
          createRule: null,
          updateRule: null,
          deleteRule: null,
          fields: [
            { name: 'email', type: 'text', required: true, max: 254 },
            { name: 'source', type: 'text', max: 64 },
            { name: 'userAgent', type: 'text', max: 512 },
            { name: 'clientIp', type: 'text', max: 100 },
            { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
          ],
          indexes: ['CREATE INDEX idx_newsletter_signups_created ON newsletter_signups (created)'],
        }),
      ),
    )

    const events = app.findCollectionByNameOrId('events')
    events.fields.add(new BoolField({ name: 'confirmed' }))
    events.createRule = EVENTS_CREATE_RULE
    app.save(events)

    const secrets = app.findCollectionByNameOrId('app_secrets')
    for (const name of SECRETS) {
      const secret = new Record(secrets)
      secret.set('name', name)
      secret.set('value', $security.randomString(64))
      app.save(secret)
    }

    const settings = app.settings()
    settings.rateLimits.rules = /** @type {any} */ ([
      ...otherRules(app, VISIT_RATE_LIMIT.label),
      VISIT_RATE_LIMIT,
    ])
    app.save(settings)
  },
  (app) => {
    const settings = app.settings()
    settings.rateLimits.rules = /** @type {any} */ (otherRules(app, VISIT_RATE_LIMIT.label))
    app.save(settings)
    for (const name of SECRETS) {
      try {
        app.delete(app.findFirstRecordByData('app_secrets', 'name', name))
      } catch (_) {
        // not there: nothing to undo
      }
    }
    const events = app.findCollectionByNameOrId('events')
    events.fields.removeByName('confirmed')
    events.createRule = ''
    app.save(events)
    for (const name of ['newsletter_signups', 'abuse_counters']) {
      app.delete(app.findCollectionByNameOrId(name))
    }
  },
)
