/// <reference path="../.pb-types/types.d.ts" />
// Newsletter issues, written and sent from the console:
//   - newsletter_issues: subject, preview text (preheader), Markdown body, the archive's slug,
//     status draft -> scheduled -> sending -> sent, and what the send fixed and counted. Admins
//     create (the console's outbox, with ids made on the device), list and view them and delete
//     a draft; every other change goes through pb_hooks/newsletter-issues.pb.js (edits, test,
//     send, schedule), so nobody edits an issue that is being sent.
//   - newsletter_issue_edits: the console's autosaved drafts, create-only for admins (queued in
//     the outbox like the lead workspace's notes, so they are kept with no signal); a hook
//     applies the newest to its issue.
//   - newsletter_link_clicks: clicks per issue and link address, counted by the signed redirect
//     of the mail's links (no tracking pixel, nobody's identity).
//   - newsletter_subscriptions get unsubscribedAt and unsubscribedIssue (which issue's link an
//     address left from, for the issue's results), and the source `archive` (the sign-up form
//     under each issue of the public archive).
//   - a rate limit on the click redirect.

const NEWSLETTER_ADMIN = '@request.auth.isAdmin = true'
const ISSUE_STATUSES = ['draft', 'scheduled', 'sending', 'sent']
const ISSUE_HTML_MAX = 1000000
const CLICK_RATE_LIMITS = [
  // Mail readers follow a link once; a scanner a few times. Nobody needs more.
  { label: 'GET /api/newsletter/click', audience: '', duration: 60, maxRequests: 60 },
]
const CLICK_RATE_LABELS = CLICK_RATE_LIMITS.map((r) => r.label)
// Nobody signs up with an unsubscribe already recorded.
const UNSUBSCRIBE_FIELDS_UNSET =
  ' && @request.body.unsubscribedAt:isset = false && @request.body.unsubscribedIssue:isset = false'

function issueTimestamps() {
  return [
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ]
}

/**
 * The current rate-limit rules as plain objects, without those labelled `labels`.
 * @param {CoreApp} app
 * @param {string[]} labels
 */
function rulesWithout(app, labels) {
  const rules = []
  for (const rule of app.settings().rateLimits.rules || []) {
    if (labels.indexOf(rule.label) >= 0) continue
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
    const issues = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'newsletter_issues',
        listRule: NEWSLETTER_ADMIN,
        viewRule: NEWSLETTER_ADMIN,
        createRule: NEWSLETTER_ADMIN,
        updateRule: null,
        deleteRule: `${NEWSLETTER_ADMIN} && status = "draft"`,
        fields: [
          { name: 'subject', type: 'text', max: 200 },
          { name: 'preheader', type: 'text', max: 200 },
          { name: 'body', type: 'text', max: 50000 },
          { name: 'slug', type: 'text', max: 80 },
          { name: 'status', type: 'select', maxSelect: 1, values: ISSUE_STATUSES },
          { name: 'scheduledAt', type: 'date' },
          { name: 'startedAt', type: 'date' },
          { name: 'sentAt', type: 'date' },
          // Fixed when the send starts, and counted from the deliveries as they go.
          { name: 'recipients', type: 'number', min: 0, onlyInt: true },
          { name: 'delivered', type: 'number', min: 0, onlyInt: true },
          { name: 'failed', type: 'number', min: 0, onlyInt: true },
          { name: 'skipped', type: 'number', min: 0, onlyInt: true },
          // Why a scheduled send could not start (e.g. no postal address configured).
          { name: 'lastError', type: 'text', max: 2000 },
          // Rendered once when the send starts: the archive's HTML, the mail's HTML and text.
          { name: 'pageHtml', type: 'text', max: ISSUE_HTML_MAX },
          { name: 'mailHtml', type: 'text', max: ISSUE_HTML_MAX },
          { name: 'mailText', type: 'text', max: ISSUE_HTML_MAX },
          // The newest autosaved edit applied (its client time), so an older one never wins.
          { name: 'editedAt', type: 'date' },
          ...issueTimestamps(),
        ],
        indexes: [
          "CREATE UNIQUE INDEX idx_newsletter_issues_slug ON newsletter_issues (slug) WHERE slug != ''",
          'CREATE INDEX idx_newsletter_issues_status ON newsletter_issues (status, sentAt)',
          'CREATE INDEX idx_newsletter_issues_created ON newsletter_issues (created)',
        ],
      }),
    )
    app.save(issues)

    const edits = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'newsletter_issue_edits',
        listRule: NEWSLETTER_ADMIN,
        viewRule: NEWSLETTER_ADMIN,
        createRule: NEWSLETTER_ADMIN,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            name: 'issue',
            type: 'relation',
            required: true,
            collectionId: issues.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          { name: 'subject', type: 'text', max: 200 },
          { name: 'preheader', type: 'text', max: 200 },
          { name: 'body', type: 'text', max: 50000 },
          // When the consultant typed it (the device's clock): the newest edit wins.
          { name: 'editedAt', type: 'date', required: true },
          ...issueTimestamps(),
        ],
        indexes: [
          'CREATE INDEX idx_newsletter_issue_edits_issue ON newsletter_issue_edits (issue, created)',
        ],
      }),
    )
    app.save(edits)

    const clicks = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'newsletter_link_clicks',
        listRule: NEWSLETTER_ADMIN,
        viewRule: NEWSLETTER_ADMIN,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            name: 'issue',
            type: 'relation',
            required: true,
            collectionId: issues.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          { name: 'url', type: 'text', required: true, max: 2000 },
          { name: 'clicks', type: 'number', min: 0, onlyInt: true },
          ...issueTimestamps(),
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_newsletter_link_clicks_link ON newsletter_link_clicks (issue, url)',
        ],
      }),
    )
    app.save(clicks)

    const subscriptions = app.findCollectionByNameOrId('newsletter_subscriptions')
    const source = /** @type {any} */ (subscriptions.fields.getByName('source'))
    source.values = [...source.values, 'archive']
    subscriptions.createRule = `${subscriptions.createRule}${UNSUBSCRIBE_FIELDS_UNSET}`
    subscriptions.fields.add(new DateField({ name: 'unsubscribedAt' }))
    subscriptions.fields.add(new TextField({ name: 'unsubscribedIssue', max: 15 }))
    subscriptions.addIndex(
      'idx_newsletter_subscriptions_unsubscribed_issue',
      false,
      'unsubscribedIssue',
      "unsubscribedIssue != ''",
    )
    app.save(subscriptions)

    const settings = app.settings()
    settings.rateLimits.rules = /** @type {any} */ ([
      ...rulesWithout(app, CLICK_RATE_LABELS),
      ...CLICK_RATE_LIMITS,
    ])
    app.save(settings)
  },
  (app) => {
    const settings = app.settings()
    settings.rateLimits.rules = /** @type {any} */ (rulesWithout(app, CLICK_RATE_LABELS))
    app.save(settings)
    // The archive's form did not exist before: those sign-ups count as the footer form's.
    app
      .db()
      .newQuery("UPDATE newsletter_subscriptions SET source = 'footer' WHERE source = 'archive'")
      .execute()
    const subscriptions = app.findCollectionByNameOrId('newsletter_subscriptions')
    const source = /** @type {any} */ (subscriptions.fields.getByName('source'))
    source.values = source.values.filter((/** @type {string} */ value) => value !== 'archive')
    subscriptions.createRule = String(subscriptions.createRule).replace(
      UNSUBSCRIBE_FIELDS_UNSET,
      '',
    )
    subscriptions.removeIndex('idx_newsletter_subscriptions_unsubscribed_issue')
    subscriptions.fields.removeByName('unsubscribedAt')
    subscriptions.fields.removeByName('unsubscribedIssue')
    app.save(subscriptions)
    for (const name of ['newsletter_link_clicks', 'newsletter_issue_edits', 'newsletter_issues']) {
      app.delete(app.findCollectionByNameOrId(name))
    }
  },
)
