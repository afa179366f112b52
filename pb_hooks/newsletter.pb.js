/// <reference path="../.pb-types/types.d.ts" />
// Newsletter sign-ups: the e-mail is stored trimmed and lowercased, `active`
// is always true, and a second sign-up of the same e-mail succeeds without adding a row.
//
// The create rule runs before this hook (PocketBase checks it first), so a request that
// reaches here was allowed; it may still hold bad input, which must answer 400.
//
// Re-sending the SAME record id (an outbox retry) answers as for contacts and audits:
// 400 with data.id.code === "validation_not_unique", which the client reads as "delivered".

onRecordCreateRequest((e) => {
  const email = e.record.getString('email').trim().toLowerCase()
  e.record.set('email', email)
  e.record.set('active', true)

  const existing = email
    ? e.app.findRecordsByFilter(e.collection, 'email = {:email}', '', 1, 0, { email })
    : []
  if (existing.length === 0) return e.next()

  const requestedId = e.record.id
  if (requestedId && existing[0].id === requestedId) {
    // PocketBase itself would name only the e-mail here; the client looks for the id.
    throw new BadRequestError('Failed to create record.', {
      id: new ValidationError('validation_not_unique', 'Value must be unique.'),
    })
  }

  // Already subscribed: answer as if this request had created the row, built from what the
  // client sent (never the stored row's source or dates), after the same field validation a
  // real create gets (the requested id included).
  const { validateAsNew } = require(`${__hooks}/lib/validate-as-new.js`)
  const reply = validateAsNew(e.app, e.record, email, requestedId)
  reply.id = requestedId || existing[0].id
  return e.json(200, reply)
}, 'newsletter_subscriptions')
