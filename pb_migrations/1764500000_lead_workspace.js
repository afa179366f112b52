/// <reference path="../.pb-types/types.d.ts" />
// The consultant's lead workspace and the funnel:
//   - people: one row per lowercased e-mail, kept by pb_hooks/people.pb.js from audits,
//     contacts, newsletter sign-ups and accounts (counts, scores, last activity, first touch)
//     with the consultant's status. Admin reads; nobody writes through the API.
//   - person_updates: the consultant's notes and status changes, create-only for the admin (the
//     offline outbox sends them with ids made on the device); a status change sets the person's
//     status in a hook.
//   - events: anonymous funnel steps (no e-mail, no id, no IP, no user agent). Anyone may
//     create, only the admin reads; indexed by time.
//   - audits and contacts get `firstTouch` (where the visit that led to them came from).
//   - contacts get an e-mail index (the person hook counts messages per address).
//   - rate limits for event creates and the public peer benchmark.

const ADMIN = '@request.auth.isAdmin = true'
const STATUSES = ['new', 'contacted', 'call_booked', 'client', 'not_a_fit']
const STEPS = [
  'visit',
  'audit_started',
  'audit_completed',
  'email_given',
  'booking_opened',
  'call_booked',
]
const RATE_LIMITS = [
  // Funnel events: a whole audit sends about six; an offline backlog a few dozen.
  { label: 'events:create', audience: '', duration: 60, maxRequests: 60 },
  // The peer benchmark is cached on the server; nobody needs it more than a few times.
  { label: 'GET /api/peer-benchmark', audience: '', duration: 60, maxRequests: 30 },
]

function timestamps() {
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
function otherRules(app, labels) {
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

const RATE_LABELS = RATE_LIMITS.map((r) => r.label)

migrate(
  (app) => {
    const people = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'people',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'email', type: 'text', required: true, max: 254 },
          { name: 'name', type: 'text', max: 200 },
          { name: 'status', type: 'select', required: true, maxSelect: 1, values: STATUSES },
          { name: 'latestScore', type: 'number', min: 0, max: 100, onlyInt: true },
          { name: 'bestScore', type: 'number', min: 0, max: 100, onlyInt: true },
          { name: 'auditCount', type: 'number', min: 0, onlyInt: true },
          { name: 'messageCount', type: 'number', min: 0, onlyInt: true },
          // '' (never signed up), pending, active or unsubscribed.
          { name: 'newsletter', type: 'text', max: 16 },
          { name: 'userId', type: 'text', max: 64 },
          { name: 'lastActivityAt', type: 'date' },
          { name: 'firstTouch', type: 'json', maxSize: 2000 },
          ...timestamps(),
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_people_email ON people (email)',
          'CREATE INDEX idx_people_last_activity ON people (lastActivityAt)',
          'CREATE INDEX idx_people_status ON people (status, lastActivityAt)',
        ],
      }),
    )
    app.save(people)

    const updates = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'person_updates',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: `${ADMIN} && (@request.body.kind = "note" || @request.body.status:isset = true)`,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            name: 'person',
            type: 'relation',
            required: true,
            collectionId: people.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          {
            name: 'kind',
            type: 'select',
            required: true,
            maxSelect: 1,
            values: ['note', 'status'],
          },
          { name: 'text', type: 'text', max: 5000 },
          { name: 'status', type: 'select', maxSelect: 1, values: STATUSES },
          ...timestamps(),
        ],
        indexes: ['CREATE INDEX idx_person_updates_person ON person_updates (person, created)'],
      }),
    )
    app.save(updates)

    const events = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'events',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: '',
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'name', type: 'select', required: true, maxSelect: 1, values: STEPS },
          { name: 'path', type: 'text', max: 200 },
          { name: 'referrer', type: 'text', max: 100 },
          { name: 'utmSource', type: 'text', max: 100 },
          { name: 'utmMedium', type: 'text', max: 100 },
          { name: 'utmCampaign', type: 'text', max: 100 },
          { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        ],
        indexes: [
          // Cover the funnel report's queries: steps per week, and the visits' sources.
          'CREATE INDEX idx_events_created ON events (created, name)',
          'CREATE INDEX idx_events_visits ON events (name, created, referrer, utmSource, utmMedium, utmCampaign)',
        ],
      }),
    )
    app.save(events)

    for (const name of ['audits', 'contacts']) {
      const collection = app.findCollectionByNameOrId(name)
      collection.fields.add(new JSONField({ name: 'firstTouch', maxSize: 2000 }))
      if (name === 'contacts') collection.addIndex('idx_contacts_email', false, 'email', '')
      app.save(collection)
    }

    const settings = app.settings()
    settings.rateLimits.rules = /** @type {any} */ ([
      ...otherRules(app, RATE_LABELS),
      ...RATE_LIMITS,
    ])
    app.save(settings)

    // People for what exists already (the hook keeps them current from now on).
    const server = /** @type {typeof import('../server/main')} */ (
      require(`${__hooks}/generated/server.cjs`)
    )
    server.people.refreshEveryone(/** @type {core.App} */ (/** @type {unknown} */ (app)))
  },
  (app) => {
    const settings = app.settings()
    settings.rateLimits.rules = /** @type {any} */ (otherRules(app, RATE_LABELS))
    app.save(settings)
    for (const name of ['audits', 'contacts']) {
      const collection = app.findCollectionByNameOrId(name)
      collection.fields.removeByName('firstTouch')
      if (name === 'contacts') collection.removeIndex('idx_contacts_email')
      app.save(collection)
    }
    for (const name of ['events', 'person_updates', 'people']) {
      app.delete(app.findCollectionByNameOrId(name))
    }
  },
)
