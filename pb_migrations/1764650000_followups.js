/// <reference path="../.pb-types/types.d.ts" />
// The follow-up sequence after an audit, and bookings tied to a person:
//   - followups: one row per person (cascade-deleted with them): the running sequence's audit,
//     the next mail's number and time, the proof the address is theirs, the last mail's time,
//     and when and why it stopped. Admins read; only the server writes.
//   - followup_sends: one row per follow-up mail queued (its step, when its link was clicked,
//     whether a booking followed; its delivery has the row's id as sourceId). Admins read; only
//     the server writes.
//   - followup_settings: the consultant's settings (one row; written by PUT
//     /api/followups/settings only).
//   - person_updates.origin: 'site' for a change the site made (a booking), empty for the
//     consultant's; nobody may set it through the API.
//   - app_secrets: the key that signs the mails' links (FOLLOWUP_SECRET in the environment wins).
//   - rate limits for the public link and booking routes.
//   - sequences for audits of the last weeks, so deploying does not skip people mid-way.

const ADMIN = '@request.auth.isAdmin = true'
const STOP_REASONS = ['booked', 'message', 'status', 'stop_link', 'unsubscribed', 'consultant']
const PROOFS = ['results_link', 'followup_link']
const RATE_LIMITS = [
  // A person opens a link or two; a stop or booking report is one click.
  { label: 'POST /api/followups/', audience: '', duration: 60, maxRequests: 30 },
  { label: 'POST /api/bookings', audience: '', duration: 60, maxRequests: 10 },
]
const RATE_LABELS = RATE_LIMITS.map((r) => r.label)
const ORIGIN_GUARD = '@request.body.origin:isset = false'
const SECRET_NAME = 'followup_links'

function timestamps() {
  return [
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ]
}

/** @param {any} app @param {string[]} labels */
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

migrate(
  (app) => {
    const people = app.findCollectionByNameOrId('people')
    const followups = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'followups',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: null,
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
          { name: 'audit', type: 'text', max: 64 },
          { name: 'auditAt', type: 'date' },
          // The number of the next mail (1-based); past the last one when all went.
          { name: 'step', type: 'number', min: 0, onlyInt: true },
          { name: 'nextAt', type: 'date' },
          { name: 'provenAt', type: 'date' },
          { name: 'provenBy', type: 'select', maxSelect: 1, values: PROOFS },
          { name: 'lastSentAt', type: 'date' },
          { name: 'stoppedAt', type: 'date' },
          { name: 'stopReason', type: 'select', maxSelect: 1, values: STOP_REASONS },
          // How many mails had been queued when it stopped.
          { name: 'stoppedStep', type: 'number', min: 0, onlyInt: true },
          ...timestamps(),
        ],
        indexes: [
          // One per person; two people merged into one may briefly have two (server/followups/).
          'CREATE INDEX idx_followups_person ON followups (person)',
          // The scheduler's question: which running sequences are due.
          'CREATE INDEX idx_followups_due ON followups (stoppedAt, nextAt)',
        ],
      }),
    )
    app.save(followups)

    const sends = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'followup_sends',
        listRule: ADMIN,
        viewRule: ADMIN,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            name: 'followup',
            type: 'relation',
            required: true,
            collectionId: followups.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          { name: 'audit', type: 'text', max: 64 },
          { name: 'step', type: 'number', min: 1, onlyInt: true },
          { name: 'clickedAt', type: 'date' },
          { name: 'bookedAt', type: 'date' },
          ...timestamps(),
        ],
        indexes: [
          'CREATE INDEX idx_followup_sends_followup ON followup_sends (followup, created)',
          'CREATE INDEX idx_followup_sends_step ON followup_sends (step)',
        ],
      }),
    )
    app.save(sends)

    const settings = new Collection(
      /** @type {any} */ ({
        type: 'base',
        name: 'followup_settings',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'enabled', type: 'bool' },
          { name: 'steps', type: 'json', maxSize: 64 * 1024 },
          ...timestamps(),
        ],
      }),
    )
    app.save(settings)

    const updates = app.findCollectionByNameOrId('person_updates')
    updates.fields.add(new SelectField({ name: 'origin', maxSelect: 1, values: ['site'] }))
    updates.createRule = `(${updates.createRule}) && ${ORIGIN_GUARD}`
    app.save(updates)

    const secret = new Record(app.findCollectionByNameOrId('app_secrets'))
    secret.set('name', SECRET_NAME)
    secret.set('value', $security.randomString(64))
    app.save(secret)

    const appSettings = app.settings()
    appSettings.rateLimits.rules = /** @type {any} */ ([
      ...otherRules(app, RATE_LABELS),
      ...RATE_LIMITS,
    ])
    app.save(appSettings)

    // Sequences for the audits still inside their first follow-up's window.
    const { FOLLOWUP_DEFAULTS, FOLLOWUP_GRACE_DAYS } =
      /** @type {typeof import('../server/main')} */ (require(`${__hooks}/generated/server.cjs`))
        .followups
    const lastDelay = FOLLOWUP_DEFAULTS.steps[FOLLOWUP_DEFAULTS.steps.length - 1].delayDays
    const since = new Date(Date.now() - (lastDelay + FOLLOWUP_GRACE_DAYS) * 86400000)
      .toISOString()
      .replace('T', ' ')
    const latest = arrayOf(new DynamicModel({ id: '' }))
    app
      .db()
      .newQuery(
        'SELECT a.id FROM audits a WHERE a.created >= {:since} AND a.created = ' +
          '(SELECT MAX(b.created) FROM audits b WHERE b.email = a.email)',
      )
      .bind({ since })
      .all(latest)
    const { startSequence } = /** @type {typeof import('../server/main')} */ (
      require(`${__hooks}/generated/server.cjs`)
    ).followups
    for (const row of latest) {
      startSequence(/** @type {any} */ (app), app.findRecordById('audits', row.id))
    }
  },
  (app) => {
    const appSettings = app.settings()
    appSettings.rateLimits.rules = /** @type {any} */ (otherRules(app, RATE_LABELS))
    app.save(appSettings)

    try {
      app.delete(app.findFirstRecordByData('app_secrets', 'name', SECRET_NAME))
    } catch (_) {
      // never created
    }

    const updates = app.findCollectionByNameOrId('person_updates')
    app.db().newQuery("DELETE FROM person_updates WHERE origin = 'site'").execute()
    updates.fields.removeByName('origin')
    const rule = updates.createRule || ''
    const suffix = ` && ${ORIGIN_GUARD}`
    if (rule.slice(-suffix.length) === suffix && rule.charAt(0) === '(') {
      updates.createRule = rule.slice(1, rule.length - suffix.length - 1)
    }
    app.save(updates)

    for (const name of ['followup_settings', 'followup_sends', 'followups']) {
      app.delete(app.findCollectionByNameOrId(name))
    }
  },
)
