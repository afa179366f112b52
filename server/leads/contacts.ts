// Contact messages: stored trimmed, with a lowercased e-mail, and always unprocessed on create;
// a call-back request carries a phone number, and a message from an audit report names its
// audit. The create rule already refuses a client that presets `processed`; forcing it here also
// covers superuser and batch creates. A name or message that is only blank space becomes empty
// and fails the field's `required` check (400 naming the field).
import { phoneProblem } from '../../src/config/phone'
import { badRequest } from '../platform/errors'
import type { RecordRequestEvent } from '../platform/events'

/** A new contact message, cleaned and checked before PocketBase validates it. */
export function normaliseContact(e: RecordRequestEvent): void {
  for (const field of ['name', 'email', 'message', 'phone']) {
    e.record.set(field, e.record.getString(field).trim())
  }
  // A call-back request needs a number to call; a number sent with any message must be one.
  const phone = e.record.getString('phone')
  if (phone || e.record.getString('source') === 'call_back') {
    const problem = phoneProblem(phone)
    if (problem) {
      throw badRequest('Failed to create record.', {
        phone: ['validation_invalid_phone', problem],
      })
    }
  }
  e.record.set('email', e.record.getString('email').toLowerCase())
  e.record.set('processed', false)
  // A message from an audit report is about that audit. A report that could not name it (sent
  // before the audit had an id on this device) is tied to the sender's latest audit.
  if (
    e.record.getString('source') === 'business_efficiency_audit' &&
    !e.record.getString('auditId')
  ) {
    const latest = e.app.findRecordsByFilter('audits', 'email = {:email}', '-created', 1, 0, {
      email: e.record.getString('email'),
    })
    if (latest.length && latest[0]) e.record.set('auditId', latest[0].id)
  }
  return e.next()
}
