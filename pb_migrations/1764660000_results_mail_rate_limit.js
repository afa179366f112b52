/// <reference path="../.pb-types/types.d.ts" />
// A rate limit on the free report's results-mail question (GET /api/audits/{id}/results-mail,
// server/leads/results-mail-route.ts): it is public and reads audits by id, and under the general
// `/api/` limit one address could ask about 3,600 ids a minute. A report asks once per audit (again
// on a reload, and keeps the answer on the device), so 30 a minute per IP is never met by a visitor.

const RESULTS_MAIL_RATE_LIMIT = {
  label: 'GET /api/audits/',
  audience: '',
  duration: 60,
  maxRequests: 30,
}

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
    const settings = app.settings()
    settings.rateLimits.rules = /** @type {any} */ ([
      ...otherRules(app, RESULTS_MAIL_RATE_LIMIT.label),
      RESULTS_MAIL_RATE_LIMIT,
    ])
    app.save(settings)
  },
  (app) => {
    const settings = app.settings()
    settings.rateLimits.rules = /** @type {any} */ (otherRules(app, RESULTS_MAIL_RATE_LIMIT.label))
    app.save(settings)
  },
)
