/// <reference path="../.pb-types/types.d.ts" />
// The payoff model's assumptions (server/leads/payoff.ts):
//   - payoff_settings: one row with the consultant's hours per section, starting hourly rate and
//     working weeks (written by PUT /api/payoff only; nobody reads or writes it through the
//     records API). Without a row the defaults of src/config/payoff.ts apply.
//   - a rate limit on its public read, GET /api/payoff: a report or dashboard asks once when it
//     opens (and keeps the answer), so 30 a minute per IP is never met by a visitor.

const PAYOFF_RATE_LIMIT = { label: 'GET /api/payoff', audience: '', duration: 60, maxRequests: 30 }

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
    const settings = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'payoff_settings',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'assumptions', type: 'json', maxSize: 8 * 1024 },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
          { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
        ],
      }),
    )
    app.save(settings)

    const appSettings = app.settings()
    appSettings.rateLimits.rules = /** @type {any} */ ([
      ...otherRules(app, PAYOFF_RATE_LIMIT.label),
      PAYOFF_RATE_LIMIT,
    ])
    app.save(appSettings)
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('payoff_settings'))
    const appSettings = app.settings()
    appSettings.rateLimits.rules = /** @type {any} */ (otherRules(app, PAYOFF_RATE_LIMIT.label))
    app.save(appSettings)
  },
)
