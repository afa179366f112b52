/// <reference path="../.pb-types/types.d.ts" />
// The whole data model: fields, limits, indexes and API rules.
// Admin means users.isAdmin = true; nobody can set that flag through the API.

const ADMIN = '@request.auth.isAdmin = true'
const SIGNED_IN = '@request.auth.id != ""'

function timestamps() {
  return [
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ]
}

migrate(
  (app) => {
    // --- users (the built-in auth collection) ---------------------------------
    const users = app.findCollectionByNameOrId('users')
    users.fields.add(new TextField({ name: 'fullName', max: 200 }))
    users.fields.add(new BoolField({ name: 'isAdmin' }))
    users.fields.add(new BoolField({ name: 'newsletterConsent' }))
    users.fields.add(new DateField({ name: 'agreedToTermsAt' }))
    users.fields.getByName('password').min = 8
    users.listRule = `id = @request.auth.id || ${ADMIN}`
    users.viewRule = `id = @request.auth.id || ${ADMIN}`
    users.createRule = '@request.body.isAdmin:isset = false'
    users.updateRule = 'id = @request.auth.id && @request.body.isAdmin:isset = false'
    users.deleteRule = 'id = @request.auth.id'
    app.save(users)

    // --- audits -----------------------------------------------------------------
    const ownsIt = `(${SIGNED_IN} && user = @request.auth.id)`
    const verifiedEmailMatches = `(${SIGNED_IN} && @request.auth.verified = true && email = @request.auth.email)`
    const audits = new Collection(
      // Plain field objects, which PocketBase accepts; its declarations want Field instances.
      /** @type {any} */ ({
        type: 'base',
        name: 'audits',
        listRule: `${ADMIN} || ${ownsIt} || ${verifiedEmailMatches}`,
        viewRule: `${ADMIN} || ${ownsIt} || ${verifiedEmailMatches}`,
        // Anyone may submit a free audit without a user; a member audit needs a signed-in
        // user and may only name that user.
        createRule: `(user = "" || ${ownsIt}) && (flow = "free" || ${ownsIt})`,
        updateRule: null,
        deleteRule: `${ADMIN} || ${ownsIt}`,
        fields: [
          {
            name: 'flow',
            type: 'select',
            required: true,
            maxSelect: 1,
            values: ['member', 'free'],
          },
          { name: 'email', type: 'email', required: true },
          {
            name: 'user',
            type: 'relation',
            collectionId: users.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          { name: 'answers', type: 'json', required: true, maxSize: 20000 },
          { name: 'otherTexts', type: 'json', maxSize: 20000 },
          { name: 'scores', type: 'json', maxSize: 5000 },
          { name: 'overallScore', type: 'number', min: 0, max: 100, onlyInt: true },
          { name: 'recommendations', type: 'json', maxSize: 50000 },
          { name: 'questionSetVersion', type: 'text', max: 32 },
          { name: 'newsletterSubscription', type: 'bool' },
          { name: 'userAgent', type: 'text', max: 512 },
          { name: 'completedAt', type: 'date' },
          ...timestamps(),
        ],
        indexes: [
          'CREATE INDEX idx_audits_created ON audits (created)',
          'CREATE INDEX idx_audits_overall_score ON audits (overallScore)',
          'CREATE INDEX idx_audits_email ON audits (email)',
          'CREATE INDEX idx_audits_user ON audits (user)',
        ],
      }),
    )
    app.save(audits)

    // --- contacts ---------------------------------------------------------------
    const contacts = new Collection(
      // Plain field objects, which PocketBase accepts; its declarations want Field instances.
      /** @type {any} */ ({
        type: 'base',
        name: 'contacts',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: '@request.body.processed:isset = false',
        // The consultant may only flip `processed`.
        updateRule: [
          ADMIN,
          ...['name', 'email', 'message', 'source', 'auditId', 'userAgent'].map(
            (f) => `@request.body.${f}:isset = false`,
          ),
        ].join(' && '),
        deleteRule: null,
        fields: [
          { name: 'name', type: 'text', required: true, max: 200 },
          { name: 'email', type: 'email', required: true },
          { name: 'message', type: 'text', required: true, max: 5000 },
          {
            name: 'source',
            type: 'select',
            required: true,
            maxSelect: 1,
            values: ['portfolio_website', 'business_efficiency_audit'],
          },
          { name: 'auditId', type: 'text', max: 64 },
          { name: 'processed', type: 'bool' },
          { name: 'userAgent', type: 'text', max: 512 },
          ...timestamps(),
        ],
        indexes: [
          'CREATE INDEX idx_contacts_created ON contacts (created)',
          'CREATE INDEX idx_contacts_processed ON contacts (processed)',
        ],
      }),
    )
    app.save(contacts)

    // --- newsletter_subscriptions --------------------------------------------
    const newsletter = new Collection(
      // Plain field objects, which PocketBase accepts; its declarations want Field instances.
      /** @type {any} */ ({
        type: 'base',
        name: 'newsletter_subscriptions',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: '@request.body.active:isset = false',
        updateRule: ADMIN,
        deleteRule: ADMIN,
        fields: [
          { name: 'email', type: 'email', required: true },
          {
            name: 'source',
            type: 'select',
            required: true,
            maxSelect: 1,
            values: ['hero_section', 'footer', 'about', 'signup'],
          },
          { name: 'userAgent', type: 'text', max: 512 },
          { name: 'active', type: 'bool' },
          ...timestamps(),
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_newsletter_email ON newsletter_subscriptions (email)',
          'CREATE INDEX idx_newsletter_created ON newsletter_subscriptions (created)',
        ],
      }),
    )
    app.save(newsletter)

    // --- mail_outbox --------------------------------------------------------------
    const mailOutbox = new Collection(
      // Plain field objects, which PocketBase accepts; its declarations want Field instances.
      /** @type {any} */ ({
        type: 'base',
        name: 'mail_outbox',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: null,
        // An admin may only re-queue a failed mail.
        updateRule: [
          ADMIN,
          'status = "failed"',
          '@request.body.status = "pending"',
          ...['to', 'subject', 'html', 'text', 'kind', 'sourceId', 'sentAt', 'lastError'].map(
            (f) => `@request.body.${f}:isset = false`,
          ),
        ].join(' && '),
        deleteRule: null,
        fields: [
          { name: 'to', type: 'email', required: true },
          { name: 'subject', type: 'text', required: true, max: 300 },
          { name: 'html', type: 'text', max: 200000 },
          { name: 'text', type: 'text', max: 100000 },
          {
            name: 'kind',
            type: 'select',
            required: true,
            maxSelect: 1,
            values: ['owner_contact', 'owner_audit', 'visitor_results'],
          },
          {
            name: 'status',
            type: 'select',
            required: true,
            maxSelect: 1,
            values: ['pending', 'sending', 'sent', 'failed'],
          },
          { name: 'attempts', type: 'number', min: 0, onlyInt: true },
          { name: 'lastError', type: 'text', max: 2000 },
          { name: 'nextAttemptAt', type: 'date' },
          { name: 'claimedAt', type: 'date' },
          { name: 'sentAt', type: 'date' },
          { name: 'sourceId', type: 'text', max: 64 },
          ...timestamps(),
        ],
        indexes: [
          'CREATE INDEX idx_mail_outbox_created ON mail_outbox (created)',
          'CREATE INDEX idx_mail_outbox_due ON mail_outbox (status, nextAttemptAt)',
        ],
      }),
    )
    app.save(mailOutbox)
  },
  (app) => {
    for (const name of ['mail_outbox', 'newsletter_subscriptions', 'contacts', 'audits']) {
      app.delete(app.findCollectionByNameOrId(name))
    }
    const users = app.findCollectionByNameOrId('users')
    for (const name of ['fullName', 'isAdmin', 'newsletterConsent', 'agreedToTermsAt']) {
      users.fields.removeByName(name)
    }
    users.fields.getByName('password').min = 8
    users.listRule = 'id = @request.auth.id'
    users.viewRule = 'id = @request.auth.id'
    users.createRule = ''
    users.updateRule = 'id = @request.auth.id'
    users.deleteRule = 'id = @request.auth.id'
    app.save(users)
  },
)
