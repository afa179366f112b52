/// <reference path="../.pb-types/types.d.ts" />
// One person per human across e-mail changes: `people.previousEmails` holds the addresses a
// person had before (lowercased, oldest first). server/people/ counts a person's audits,
// messages, sign-up and account over the current address and these, and an account's e-mail
// change (pb_hooks/email-change.pb.js) moves its person to the new address, keeping the old one
// here. Existing people have none. A partial index holds only the people that have some, so
// looking an address up among them (every new address is) stays cheap with 10,000 people.

const INDEX = 'idx_people_previous_emails'
const HAS_PREVIOUS = "previousEmails NOT IN ('', '[]', 'null')"

migrate(
  (app) => {
    const people = app.findCollectionByNameOrId('people')
    people.fields.add(new JSONField({ name: 'previousEmails', maxSize: 4000 }))
    people.addIndex(INDEX, false, 'previousEmails', HAS_PREVIOUS)
    app.save(people)
  },
  (app) => {
    const people = app.findCollectionByNameOrId('people')
    people.removeIndex(INDEX)
    people.fields.removeByName('previousEmails')
    app.save(people)
  },
)
