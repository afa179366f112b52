// A lead the consultant adds by hand (pb_hooks/people.pb.js, a `people` create through the
// records API from the console's outbox, with an id made on the device): checked by the same
// rule as the console's form (src/config/manual-lead.ts), completed by the server (status New,
// no counts, no account) and saved with its note, in one transaction. Anything else a request
// sends for the person's other fields is ignored: only the server writes them.
import { checkManualLead } from '../../src/config/manual-lead'
import { requireConsultant } from '../platform/auth'
import { badRequest, refuseProblems } from '../platform/errors'
import type { RecordEvent, RecordRequestEvent } from '../platform/events'
import { saveInTransaction } from '../platform/transaction'
import { findOrNull } from '../platform/sql'
import { accountOf, findPersonByEmail, findPersonByPhone } from './find'

/** The person fields the server sets for a lead added by hand, whatever the request said. */
const SERVER_FIELDS: Record<string, unknown> = {
  status: 'new',
  latestScore: 0,
  bestScore: 0,
  auditCount: 0,
  messageCount: 0,
  newsletter: '',
  userId: '',
  firstTouch: null,
  previousEmails: null,
  nextStep: '',
  nextDue: '',
  lastContactAt: '',
  handledAt: '',
}

/** POST /api/collections/people/records: 400 naming each bad field, else the person and note. */
export function createManualLead(e: RecordRequestEvent): void {
  requireConsultant(e, 'Only the site admin can add people.')
  // A retried send of a lead already saved: answered as PocketBase answers a repeated id, which
  // the outbox counts as delivered (its unique address would be named first otherwise).
  if (findOrNull(e.app, 'people', e.record.id)) {
    throw badRequest('Failed to create record.', {
      id: ['validation_not_unique', 'Value must be unique.'],
    })
  }
  const body = e.requestInfo().body as Record<string, unknown>
  const { value, problems } = checkManualLead(body)
  if (value.email && !problems.email) {
    if (findPersonByEmail(e.app, value.email)) problems.email = 'Already in People.'
    else if (accountOf(e.app, value.email)?.getBool('isAdmin'))
      problems.email = 'That address is an account that runs this site.'
  }
  // Someone known only by a number already in People is that person again (with an address,
  // two people may share a business's line).
  if (!value.email && value.phone && !problems.phone && findPersonByPhone(e.app, value.phone)) {
    problems.phone = 'Already in People.'
  }
  refuseProblems('Failed to create record.', problems)

  const person = e.record
  for (const field of Object.keys(SERVER_FIELDS)) person.set(field, SERVER_FIELDS[field])
  person.set('name', value.name)
  person.set('email', value.email)
  person.set('phone', value.phone)
  person.set('source', value.source)
  person.set('lastActivityAt', new Date().toISOString())
  saveInTransaction(e as unknown as RecordEvent, (txApp) => {
    if (!value.note) return
    const note = new Record(txApp.findCollectionByNameOrId('person_updates'))
    note.set('person', person.id)
    note.set('kind', 'note')
    note.set('text', value.note)
    txApp.save(note)
  })
}
