/// <reference path="../.pb-types/types.d.ts" />
// Newsletter sign-ups: the e-mail is stored trimmed and lowercased, `active`
// is always true, and a second sign-up of the same e-mail succeeds without adding a row.
//
// The create rule runs before this hook (PocketBase checks it first), so a request that
// reaches here was allowed; it may still hold bad input, which must answer 400.
//
// Re-sending a record id that is already stored answers 200 like a first sign-up (not the
// "validation_not_unique" of contacts and audits): that 400 would tell a prober which ids, and so
// which addresses, were stored. The client reads either as "delivered".

onRecordCreateRequest((e) => {
  const email = e.record.getString('email').trim().toLowerCase()
  e.record.set('email', email)
  e.record.set('active', true)

  const requestedId = e.record.id
  const existing = email
    ? e.app.findRecordsByFilter(e.collection, 'email = {:email}', '', 1, 0, { email })
    : []
  let idTaken = false
  if (requestedId) {
    try {
      e.app.findRecordById(e.collection, requestedId)
      idTaken = true
    } catch (_) {
      idTaken = false
    }
  }
  if (existing.length === 0 && !idTaken) return e.next()

  // Already subscribed, or the id is taken (an outbox re-sending a delivered sign-up, or a prober
  // re-using an id with another address): answer as if this request had created the row, built
  // from what the client sent (never the stored row's source or dates), after the same field
  // validation a real create gets. Every valid sign-up gets the same 200, so neither the address
  // nor the id tells whether someone subscribed; the outbox reads 200 as delivered.
  const { validateAsNew } = require(`${__hooks}/lib/validate-as-new.js`)
  const reply = validateAsNew(e.app, e.record, email, '')
  reply.id = requestedId || (existing.length > 0 ? existing[0].id : reply.id)
  return e.json(200, reply)
}, 'newsletter_subscriptions')
