/// <reference path="../.pb-types/types.d.ts" />
// mail_outbox.replyTo: the owner's notifications carry the visitor's address as Reply-To, so
// answering a contact message reaches the visitor. Like the other mail fields, an admin may not
// change it when re-queueing a failed mail.

const LOCKED_BEFORE = ['to', 'subject', 'html', 'text', 'kind', 'sourceId', 'sentAt', 'lastError']

/**
 * @param {string[]} locked  the fields an admin may not change
 */
function updateRule(locked) {
  return [
    '@request.auth.isAdmin = true',
    'status = "failed"',
    '@request.body.status = "pending"',
    ...locked.map((f) => `@request.body.${f}:isset = false`),
  ].join(' && ')
}

migrate(
  (app) => {
    const outbox = app.findCollectionByNameOrId('mail_outbox')
    outbox.fields.add(new EmailField({ name: 'replyTo' }))
    outbox.updateRule = updateRule([...LOCKED_BEFORE, 'replyTo'])
    app.save(outbox)
  },
  (app) => {
    const outbox = app.findCollectionByNameOrId('mail_outbox')
    outbox.fields.removeByName('replyTo')
    outbox.updateRule = updateRule(LOCKED_BEFORE)
    app.save(outbox)
  },
)
