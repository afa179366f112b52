/// <reference path="../.pb-types/types.d.ts" />
// One person, one relation; and leads the consultant adds by hand.
//   - audits, contacts (messages and call-back requests) and newsletter_subscriptions get
//     `person`: the person they belong to, set by the server only (server/people/refresh.ts keeps
//     it current on every create, delete and e-mail change; a client may not send it). Every
//     existing row gets its person here, by the same rule (server/people/, linkEveryone).
//   - people may have no e-mail (someone who phoned): `email` is no longer required and is unique
//     only when set; `phone` and `source` (phone call, walk-in, referral, event; '' for someone
//     who came through the site) hold what the consultant typed. The site admin creates them
//     through the records API (the console's outbox, an id made on the device); the create hook
//     checks and completes them (server/people/manual.ts).
//   - webhook endpoints may pick the new event `person.created`.

const LINKED = ['audits', 'contacts', 'newsletter_subscriptions']
const PERSON_UNSET = ' && @request.body.person:isset = false'
const LEAD_SOURCES = ['phone_call', 'walk_in', 'referral', 'event']
const EMAIL_INDEX = 'idx_people_email'
const PERSON_CREATED = 'person.created'

/**
 * The webhook endpoints' `events` field with `person.created` added or taken out.
 * @param {CoreApp} app
 * @param {boolean} add
 */
function pickPersonCreated(app, add) {
  const endpoints = app.findCollectionByNameOrId('webhook_endpoints')
  const field = /** @type {any} */ (endpoints.fields.getByName('events'))
  const values = (field.values || []).filter((/** @type {string} */ v) => v !== PERSON_CREATED)
  if (add) values.push(PERSON_CREATED)
  field.values = values
  field.maxSelect = values.length
  app.save(endpoints)
}

/** A rule of null: superusers only. */
const SUPERUSERS_ONLY = /** @type {string} */ (/** @type {unknown} */ (null))

/**
 * `rule` with the person locked, or null (superusers only) left as it is.
 * @param {string | undefined} rule
 */
function locked(rule) {
  if (rule === null || rule === undefined) return SUPERUSERS_ONLY
  return `(${rule === '' ? 'id != ""' : rule})${PERSON_UNSET}`
}

/**
 * The rule as it was before `locked`.
 * @param {string | undefined} rule
 */
function unlocked(rule) {
  if (rule === null || rule === undefined) return SUPERUSERS_ONLY
  const text = String(rule)
  if (!text.endsWith(PERSON_UNSET)) return text
  const inner = text.slice(1, text.length - PERSON_UNSET.length - 1)
  return inner === 'id != ""' ? '' : inner
}

migrate(
  (app) => {
    const people = app.findCollectionByNameOrId('people')
    const email = people.fields.getByName('email')
    if (email) email.required = false
    people.removeIndex(EMAIL_INDEX)
    people.addIndex(EMAIL_INDEX, true, 'email', "email != ''")
    people.fields.add(new TextField({ name: 'phone', max: 40 }))
    people.fields.add(new SelectField({ name: 'source', maxSelect: 1, values: LEAD_SOURCES }))
    people.createRule = '@request.auth.isAdmin = true'
    app.save(people)

    for (const name of LINKED) {
      const collection = app.findCollectionByNameOrId(name)
      collection.fields.add(
        new RelationField({
          name: 'person',
          collectionId: people.id,
          maxSelect: 1,
          cascadeDelete: false,
        }),
      )
      collection.addIndex(`idx_${name}_person`, false, 'person', '')
      collection.createRule = locked(collection.createRule)
      collection.updateRule = locked(collection.updateRule)
      app.save(collection)
    }

    pickPersonCreated(app, true)
    require(`${__hooks}/generated/server.cjs`).people.linkEveryone(app)
  },
  (app) => {
    pickPersonCreated(app, false)
    for (const name of LINKED) {
      const collection = app.findCollectionByNameOrId(name)
      collection.createRule = unlocked(collection.createRule)
      collection.updateRule = unlocked(collection.updateRule)
      collection.removeIndex(`idx_${name}_person`)
      collection.fields.removeByName('person')
      app.save(collection)
    }
    const people = app.findCollectionByNameOrId('people')
    // People without an address cannot stay: the old schema keys everyone by e-mail.
    for (const person of app.findRecordsByFilter('people', "email = ''", '', 0, 0)) {
      if (person) app.delete(person)
    }
    people.fields.removeByName('phone')
    people.fields.removeByName('source')
    const email = people.fields.getByName('email')
    if (email) email.required = true
    people.removeIndex(EMAIL_INDEX)
    people.addIndex(EMAIL_INDEX, true, 'email', '')
    people.createRule = SUPERUSERS_ONLY
    app.save(people)
  },
)
