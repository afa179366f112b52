/// <reference path="../.pb-types/types.d.ts" />
// Call-back requests: when the scheduler cannot load (offline, blocked), a visitor can leave a
// phone number instead, queued through the outbox like any message. contacts get `phone` (as
// typed, at most 40 characters, checked by pb_hooks/contacts.pb.js) and the source `call_back`;
// the consultant still may only flip `processed`, never change the number.

const PHONE_LOCKED = ' && @request.body.phone:isset = false'

const CONTACT_SOURCES = ['portfolio_website', 'business_efficiency_audit']

migrate(
  (app) => {
    const contacts = app.findCollectionByNameOrId('contacts')
    contacts.fields.add(new TextField({ name: 'phone', max: 40 }))
    const source = /** @type {core.SelectField} */ (contacts.fields.getByName('source'))
    source.values = CONTACT_SOURCES.concat(['call_back'])
    contacts.updateRule = `${contacts.updateRule}${PHONE_LOCKED}`
    app.save(contacts)
  },
  (app) => {
    // The old schema has no call-back: those requests become plain messages, number included.
    app
      .db()
      .newQuery(
        "UPDATE contacts SET source = 'portfolio_website', message = message || ' (Phone: ' || phone || ')' WHERE source = 'call_back'",
      )
      .execute()
    const contacts = app.findCollectionByNameOrId('contacts')
    contacts.fields.removeByName('phone')
    const source = /** @type {core.SelectField} */ (contacts.fields.getByName('source'))
    source.values = CONTACT_SOURCES
    contacts.updateRule = String(contacts.updateRule).replace(PHONE_LOCKED, '')
    app.save(contacts)
  },
)
