/// <reference path="../.pb-types/types.d.ts" />
// What the consultant does with each person (server/people/, the console's Today tab):
//   - people.nextStep, people.nextDue: one line and a date, the person's next step;
//   - people.lastContactAt: when the consultant last logged a call or an e-mail to them;
//   - people.handledAt: until when what came in from them is dealt with (Mark handled, Snooze);
//   - person_updates: the kinds `next_step` (text and `due`), `called`, `emailed` and `handled`
//     (with `due`: snoozed to that date) beside notes and status changes. Admins create them,
//     through the outbox like notes; the server checks each and applies it to the person.

const ADMIN_ONLY = '@request.auth.isAdmin = true'
// Only the site itself marks a change as its own (1764650000_followups.js).
const SITE_ORIGIN_GUARD = '@request.body.origin:isset = false'
const UPDATE_KINDS = ['note', 'status', 'next_step', 'called', 'emailed', 'handled']

migrate(
  (app) => {
    const people = app.findCollectionByNameOrId('people')
    people.fields.add(new TextField({ name: 'nextStep', max: 200 }))
    people.fields.add(new DateField({ name: 'nextDue' }))
    people.fields.add(new DateField({ name: 'lastContactAt' }))
    people.fields.add(new DateField({ name: 'handledAt' }))
    app.save(people)

    const updates = app.findCollectionByNameOrId('person_updates')
    const kind = /** @type {any} */ (updates.fields.getByName('kind'))
    kind.values = UPDATE_KINDS
    updates.fields.add(new DateField({ name: 'due' }))
    // A status change names its status; every other kind is checked by the server's hook.
    updates.createRule = `(${ADMIN_ONLY} && (@request.body.kind != "status" || @request.body.status:isset = true)) && ${SITE_ORIGIN_GUARD}`
    app.save(updates)
  },
  (app) => {
    const updates = app.findCollectionByNameOrId('person_updates')
    app.db().newQuery("DELETE FROM person_updates WHERE kind NOT IN ('note', 'status')").execute()
    const kind = /** @type {any} */ (updates.fields.getByName('kind'))
    kind.values = ['note', 'status']
    updates.fields.removeByName('due')
    updates.createRule = `(${ADMIN_ONLY} && (@request.body.kind = "note" || @request.body.status:isset = true)) && ${SITE_ORIGIN_GUARD}`
    app.save(updates)

    const people = app.findCollectionByNameOrId('people')
    for (const name of ['nextStep', 'nextDue', 'lastContactAt', 'handledAt'])
      people.fields.removeByName(name)
    app.save(people)
  },
)
