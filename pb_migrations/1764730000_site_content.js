/// <reference path="../.pb-types/types.d.ts" />
// The site's content as the consultant edits it in the console's Site tab (server/site/):
//   - site_versions: each publish (and each roll back) is a row: its number, the whole content,
//     who and when. The live site is the highest number; without a row it is version 1, the
//     first version's defaults (src/config/site-content.ts), written as a row on the first
//     publish so it can be rolled back to.
//   - site_drafts: one row, the draft being edited.
//   Neither has API rules: only the routes of pb_hooks/site.pb.js read or write them.
//   - site_edits: the console's edits of the draft as records, so its outbox can queue them while
//     offline; create-only for the site admin, each checked and applied to the draft by the
//     create hook (server/site/edits.ts).
//   - a rate limit on the public read, GET /api/site: 30 a minute per IP.

const SITE_RATE_LIMIT = { label: 'GET /api/site', audience: '', duration: 60, maxRequests: 30 }
const CONTENT_MAX_BYTES = 256 * 1024

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
    const locked = {
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
    }
    app.save(
      new Collection(
        /** @type {any} */ ({
          type: 'base',
          name: 'site_versions',
          ...locked,
          fields: [
            { name: 'version', type: 'number', required: true, onlyInt: true, min: 1 },
            { name: 'content', type: 'json', maxSize: CONTENT_MAX_BYTES },
            { name: 'publishedBy', type: 'text', max: 254 },
            { name: 'rolledBackFrom', type: 'number', onlyInt: true, min: 0 },
            { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
          ],
          indexes: ['CREATE UNIQUE INDEX idx_site_versions_version ON site_versions (version)'],
        }),
      ),
    )
    app.save(
      new Collection(
        /** @type {any} */ ({
          type: 'base',
          name: 'site_drafts',
          ...locked,
          fields: [
            { name: 'content', type: 'json', maxSize: CONTENT_MAX_BYTES },
            { name: 'updatedBy', type: 'text', max: 254 },
            { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
            { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
          ],
        }),
      ),
    )
    app.save(
      new Collection(
        /** @type {any} */ ({
          type: 'base',
          name: 'site_edits',
          ...locked,
          createRule: '@request.auth.isAdmin = true',
          fields: [
            { name: 'changes', type: 'json', required: true, maxSize: CONTENT_MAX_BYTES },
            { name: 'editedBy', type: 'text', max: 254 },
            { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
          ],
        }),
      ),
    )
    const settings = app.settings()
    settings.rateLimits.rules = /** @type {any} */ ([
      ...otherRules(app, SITE_RATE_LIMIT.label),
      SITE_RATE_LIMIT,
    ])
    app.save(settings)
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('site_edits'))
    app.delete(app.findCollectionByNameOrId('site_drafts'))
    app.delete(app.findCollectionByNameOrId('site_versions'))
    const settings = app.settings()
    settings.rateLimits.rules = /** @type {any} */ (otherRules(app, SITE_RATE_LIMIT.label))
    app.save(settings)
  },
)
