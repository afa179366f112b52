// The record hooks that keep the lead workspace's people current (pb_hooks/people.pb.js): every
// create, change or delete of an audit, a contact message, a newsletter sign-up or an account
// refreshes the person of its e-mail (a new address makes a New person). Also: the first touch an
// audit or message carries is checked, a note or status change is checked, and a status change
// sets the person's status.
import { NOTE_MAX } from '../../src/config/leads'
import { badRequest, hasProblems } from '../platform/errors'
import type { FieldProblems } from '../platform/errors'
import type { RecordEvent, RecordRequestEvent } from '../platform/events'
import { readFirstTouch } from './first-touch'
import { refreshPerson } from './refresh'

/** A message's `firstTouch`: checked (400 naming the field), stored clean. */
export function checkFirstTouch(e: RecordRequestEvent): void {
  cleanFirstTouch(e.record)
  return e.next()
}

/**
 * The `firstTouch` of an audit or a message being created: checked (throws the 400 naming the
 * field), stored clean. An audit's create hook calls it among its checks (server/leads/).
 */
export function cleanFirstTouch(record: core.Record): void {
  // PocketBase has parsed the JSON field already (raw bytes); read it back as a value.
  let sent: unknown = null
  try {
    const raw = toString(record.get('firstTouch'))
    sent = raw ? JSON.parse(raw) : null
  } catch {
    sent = 'unreadable'
  }
  const touch = readFirstTouch(sent)
  const problems: FieldProblems = {}
  for (const key of Object.keys(touch.problems)) {
    problems[key] = ['validation_invalid_value', touch.problems[key]]
  }
  if (hasProblems(problems)) throw badRequest('Failed to create record.', problems)
  record.set('firstTouch', touch.value)
}

/** A record created or deleted: its address's person (an audit's create: its job, server/leads/). */
export function refreshForRecord(e: RecordEvent): void {
  refreshPerson(e.app, e.record.getString('email'))
  return e.next()
}

/** A sign-up or an account changed: the person of its address, and of the old one if it moved. */
export function refreshForChange(e: RecordEvent): void {
  const before = e.record.original().getString('email')
  const now = e.record.getString('email')
  refreshPerson(e.app, now)
  if (before.toLowerCase() !== now.toLowerCase()) refreshPerson(e.app, before)
  return e.next()
}

/** A note needs its text; a status change names a status. Both belong to an existing person. */
export function checkPersonUpdate(e: RecordRequestEvent): void {
  const kind = e.record.getString('kind')
  const text = e.record.getString('text').trim()
  e.record.set('text', text)
  if (kind === 'note' && !text) {
    throw badRequest('Failed to create record.', {
      text: ['validation_required', 'Please write the note.'],
    })
  }
  if (text.length > NOTE_MAX) {
    throw badRequest('Failed to create record.', {
      text: ['validation_max_text_constraint', 'Must be at most ' + NOTE_MAX + ' characters.'],
    })
  }
  if (kind === 'status' && !e.record.getString('status')) {
    throw badRequest('Failed to create record.', {
      status: ['validation_required', 'Choose a status.'],
    })
  }
  if (kind === 'note') e.record.set('status', '')
  return e.next()
}

/** The person's status follows the latest status change, in the same transaction. */
export function applyStatusChange(e: RecordEvent): void {
  e.next()
  if (e.record.getString('kind') !== 'status') return
  const person = e.app.findRecordById('people', e.record.getString('person'))
  person.set('status', e.record.getString('status'))
  e.app.save(person)
}
