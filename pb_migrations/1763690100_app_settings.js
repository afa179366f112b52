/// <reference path="../.pb-types/types.d.ts" />
// App name, rate limits and the batch API. The numbers are chosen on purpose and explained
// in README.md ("Rate limits"): generous for creates so an offline backlog of 20+ items
// goes through, strict for password sign-in.

/** @type {any} PocketBase's RateLimitRule objects accept these plain fields. */
const RATE_LIMIT_RULES = [
  // Password sign-in and other auth actions: 10 per 30 s per IP.
  { label: '*:auth', audience: '', duration: 30, maxRequests: 10 },
  // Record creates (contacts, newsletter, audits, sign-up): 60 per 10 s per IP.
  { label: '*:create', audience: '', duration: 10, maxRequests: 60 },
  // Batched outbox flushes: 20 per 10 s per IP (each carries up to 50 creates).
  { label: '/api/batch', audience: '', duration: 10, maxRequests: 20 },
  // Everything else under /api/: 600 per 10 s per IP.
  { label: '/api/', audience: '', duration: 10, maxRequests: 600 },
]

migrate(
  (app) => {
    const settings = app.settings()
    settings.meta.appName = 'North Country Efficiency'
    settings.meta.senderName = 'North Country Efficiency'
    settings.rateLimits.enabled = true
    settings.rateLimits.rules = RATE_LIMIT_RULES
    settings.batch.enabled = true
    settings.batch.maxRequests = 50
    settings.batch.timeout = 10
    app.save(settings)
  },
  (app) => {
    const settings = app.settings()
    settings.meta.appName = 'Acme'
    settings.meta.senderName = 'Support'
    settings.rateLimits.enabled = false
    settings.batch.enabled = false
    app.save(settings)
  },
)
