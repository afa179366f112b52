/// <reference path="../.pb-types/types.d.ts" />
// Newsletter double opt-in and one-click unsubscribe:
//   - newsletter_subscriptions: `status` (pending / active / unsubscribed) replaces the `active`
//     flag (active rows stay active, inactive ones become unsubscribed), plus `confirmedAt`
//     (when the address confirmed) and `requestedAt` (the latest sign-up that asked for a
//     confirmation; pending rows older than 30 days are removed). A sign-up may preset none of
//     them. `audit` joins the sources (the audit's newsletter choice).
//   - mail_outbox: `headers` (extra mail headers such as List-Unsubscribe) and the kind
//     `newsletter_confirm`; an admin re-queueing a failed mail may not change the headers.
//   - app_secrets (superusers only): a generated key that signs the confirm and unsubscribe
//     links (NEWSLETTER_SECRET in the environment wins over it).
//   - a rate limit for the public confirm / unsubscribe routes.

const NEWSLETTER_CREATE_RULE = [
  '@request.body.status:isset = false',
  '@request.body.confirmedAt:isset = false',
  '@request.body.requestedAt:isset = false',
].join(' && ')
const OLD_NEWSLETTER_CREATE_RULE = '@request.body.active:isset = false'

const SOURCES = ['hero_section', 'footer', 'about', 'signup']
const OUTBOX_KINDS = ['owner_contact', 'owner_audit', 'visitor_results']
const OUTBOX_LOCKED = [
  'to',
  'subject',
  'html',
  'text',
  'kind',
  'sourceId',
  'sentAt',
  'lastError',
  'replyTo',
]

// 30 POSTs a minute per IP to /api/newsletter/... (confirm, unsubscribe, the Settings tab):
// far above what a person clicking links needs, low enough that hammering gets nowhere (the
// tokens are HMAC-signed anyway). "METHOD + prefix" outranks the plain `/api/` prefix rule.
const NEWSLETTER_RATE_LIMIT = {
  label: 'POST /api/newsletter/',
  audience: '',
  duration: 60,
  maxRequests: 30,
}

/**
 * @param {string[]} locked  the fields an admin may not change
 */
function outboxUpdateRule(locked) {
  return [
    '@request.auth.isAdmin = true',
    'status = "failed"',
    '@request.body.status = "pending"',
    ...locked.map((f) => `@request.body.${f}:isset = false`),
  ].join(' && ')
}

/**
 * The current rules as plain objects, without `label`.
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
    // --- newsletter_subscriptions ---------------------------------------------------------
    const newsletter = app.findCollectionByNameOrId('newsletter_subscriptions')
    newsletter.fields.add(
      new SelectField({
        name: 'status',
        required: true,
        maxSelect: 1,
        values: ['pending', 'active', 'unsubscribed'],
      }),
    )
    newsletter.fields.add(new DateField({ name: 'confirmedAt' }))
    newsletter.fields.add(new DateField({ name: 'requestedAt' }))
    const source = /** @type {any} */ (newsletter.fields.getByName('source'))
    source.values = [...SOURCES, 'audit']
    newsletter.createRule = NEWSLETTER_CREATE_RULE
    newsletter.addIndex('idx_newsletter_status', false, 'status', '')
    app.save(newsletter)
    // Rows from before double opt-in: their confirmation time is unknown, so it stays empty.
    app
      .db()
      .newQuery(
        "UPDATE newsletter_subscriptions SET status = CASE WHEN active THEN 'active' ELSE 'unsubscribed' END",
      )
      .execute()
    newsletter.fields.removeByName('active')
    app.save(newsletter)

    // --- mail_outbox ----------------------------------------------------------------------
    const outbox = app.findCollectionByNameOrId('mail_outbox')
    outbox.fields.add(new JSONField({ name: 'headers', maxSize: 4000 }))
    const kind = /** @type {any} */ (outbox.fields.getByName('kind'))
    kind.values = [...OUTBOX_KINDS, 'newsletter_confirm']
    outbox.updateRule = outboxUpdateRule([...OUTBOX_LOCKED, 'headers'])
    // "Was this address sent a confirmation in the last 24 hours?" runs on every sign-up.
    outbox.addIndex('idx_mail_outbox_kind_to', false, '"kind", "to", "created"', '')
    app.save(outbox)

    // --- app_secrets ----------------------------------------------------------------------
    const secrets = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'app_secrets',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'name', type: 'text', required: true, max: 100 },
          { name: 'value', type: 'text', required: true, max: 200, hidden: true },
        ],
        indexes: ['CREATE UNIQUE INDEX idx_app_secrets_name ON app_secrets (name)'],
      }),
    )
    app.save(secrets)
    const secret = new Record(secrets)
    secret.set('name', 'newsletter_links')
    secret.set('value', $security.randomString(64))
    app.save(secret)

    // --- rate limit -----------------------------------------------------------------------
    const settings = app.settings()
    settings.rateLimits.rules = /** @type {any} */ ([
      ...otherRules(app, NEWSLETTER_RATE_LIMIT.label),
      NEWSLETTER_RATE_LIMIT,
    ])
    app.save(settings)
  },
  (app) => {
    const settings = app.settings()
    settings.rateLimits.rules = /** @type {any} */ (otherRules(app, NEWSLETTER_RATE_LIMIT.label))
    app.save(settings)

    app.delete(app.findCollectionByNameOrId('app_secrets'))

    const outbox = app.findCollectionByNameOrId('mail_outbox')
    app
      .db()
      .newQuery(
        "DELETE FROM mail_outbox WHERE kind NOT IN ('owner_contact', 'owner_audit', 'visitor_results')",
      )
      .execute()
    outbox.removeIndex('idx_mail_outbox_kind_to')
    outbox.fields.removeByName('headers')
    const kind = /** @type {any} */ (outbox.fields.getByName('kind'))
    kind.values = OUTBOX_KINDS
    outbox.updateRule = outboxUpdateRule(OUTBOX_LOCKED)
    app.save(outbox)

    const newsletter = app.findCollectionByNameOrId('newsletter_subscriptions')
    newsletter.fields.add(new BoolField({ name: 'active' }))
    newsletter.createRule = OLD_NEWSLETTER_CREATE_RULE
    app.save(newsletter)
    // A pending address never confirmed: like an unsubscribed one, it is not active.
    app.db().newQuery("UPDATE newsletter_subscriptions SET active = (status = 'active')").execute()
    // The audit source did not exist before: those sign-ups count as the footer form's.
    app
      .db()
      .newQuery("UPDATE newsletter_subscriptions SET source = 'footer' WHERE source = 'audit'")
      .execute()
    newsletter.removeIndex('idx_newsletter_status')
    for (const name of ['status', 'confirmedAt', 'requestedAt'])
      newsletter.fields.removeByName(name)
    const source = /** @type {any} */ (newsletter.fields.getByName('source'))
    source.values = SOURCES
    app.save(newsletter)
  },
)
