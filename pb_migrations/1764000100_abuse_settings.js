/// <reference path="../.pb-types/types.d.ts" />
// Limits against abuse from the open internet (README.md, "Security"):
//   - /api/batch reads at most 1 MiB (PocketBase's default is 128 MiB); pb_hooks/request-limits.pb.js
//     enforces the same and 256 KiB on the records API;
//   - asking for an e-mail change is limited like password sign-in (10 per 30 s per IP): each
//     request sends a mail, and its answer must not be probed at speed.

// A path label, not the route's tag: PocketBase checks path labels in its global middleware,
// before pb_hooks/email-change.pb.js answers, so a registered and a free address count alike.
const EMAIL_CHANGE_RULE = {
  label: '/api/collections/users/request-email-change',
  audience: '',
  duration: 30,
  maxRequests: 10,
}
const BATCH_MAX_BODY_BYTES = 1024 * 1024

migrate(
  (app) => {
    const settings = app.settings()
    settings.batch.maxBodySize = BATCH_MAX_BODY_BYTES
    const rules = settings.rateLimits.rules.filter((rule) => rule.label !== EMAIL_CHANGE_RULE.label)
    /** @type {any} PocketBase's RateLimitRule objects accept these plain fields. */
    const rule = EMAIL_CHANGE_RULE
    rules.unshift(rule)
    settings.rateLimits.rules = rules
    app.save(settings)
  },
  (app) => {
    const settings = app.settings()
    settings.batch.maxBodySize = 0
    settings.rateLimits.rules = settings.rateLimits.rules.filter(
      (rule) => rule.label !== EMAIL_CHANGE_RULE.label,
    )
    app.save(settings)
  },
)
