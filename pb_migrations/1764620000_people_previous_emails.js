/// <reference path="../.pb-types/types.d.ts" />
// One person per human across e-mail changes: `people.previousEmails` holds the addresses a
// person had before (lowercased, oldest first). pb_hooks/lib/people.js counts a person's audits,
// messages, sign-up and account over the current address and these, and an account's e-mail
// change (pb_hooks/email-change.pb.js) moves its person to the new address, keeping the old one
// here. Existing people have none.

migrate(
  (app) => {
    const people = app.findCollectionByNameOrId('people')
    people.fields.add(new JSONField({ name: 'previousEmails', maxSize: 4000 }))
    app.save(people)
  },
  (app) => {
    const people = app.findCollectionByNameOrId('people')
    people.fields.removeByName('previousEmails')
    app.save(people)
  },
)
