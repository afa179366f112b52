// The record hooks that keep the lead workspace's people current (pb_hooks/people.pb.js): every
// create, change or delete of an audit, a contact message, a newsletter sign-up or an account
// refreshes the person of its e-mail (a new address makes a New person). Also: the first touch an
// audit or message carries is checked, and the consultant's updates (notes, status changes, next
// steps, logged calls and e-mails, Mark handled and Snooze) are checked and applied to the person.
import { NEXT_STEP_MAX, NOTE_MAX } from '../../src/config/leads'
import { badRequest, hasProblems } from '../platform/errors'
import type { FieldProblems } from '../platform/errors'
import type { RecordEvent, RecordRequestEvent } from '../platform/events'
import { readFirstTouch } from './first-touch'
import { refreshPerson } from './refresh'
import { siteToday } from './today'

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

/**
 * A note needs its text; a status change names a status; a next step is one line (empty clears
 * it) with an optional due date; a logged call or e-mail and Mark handled carry nothing (a
 * `handled` with a due date is a snooze). All belong to an existing person.
 */
export function checkPersonUpdate(e: RecordRequestEvent): void {
  const kind = e.record.getString('kind')
  const text = e.record.getString('text').trim()
  e.record.set('text', text)
  if (kind === 'note' && !text) {
    throw badRequest('Failed to create record.', {
      text: ['validation_required', 'Please write the note.'],
    })
  }
  const max = kind === 'next_step' ? NEXT_STEP_MAX : NOTE_MAX
  if (text.length > max) {
    throw badRequest('Failed to create record.', {
      text: ['validation_max_text_constraint', 'Must be at most ' + max + ' characters.'],
    })
  }
  if (kind === 'next_step' && /[\r\n]/.test(text)) {
    throw badRequest('Failed to create record.', {
      text: ['validation_invalid_value', 'One line, please.'],
    })
  }
  if (kind === 'status' && !e.record.getString('status')) {
    throw badRequest('Failed to create record.', {
      status: ['validation_required', 'Choose a status.'],
    })
  }
  if (kind === 'handled' && e.record.getString('due') && !isFutureDay(e.record.getString('due'))) {
    throw badRequest('Failed to create record.', {
      due: ['validation_invalid_value', 'Snooze to a day after today.'],
    })
  }
  if (kind !== 'status') e.record.set('status', '')
  if (kind !== 'note' && kind !== 'next_step') e.record.set('text', '')
  if (kind !== 'next_step' && kind !== 'handled') e.record.set('due', '')
  return e.next()
}

/** True for a date after today where the consultant is (SITE_TIME_ZONE). */
function isFutureDay(date: string): boolean {
  return date.slice(0, 10) > siteToday(Date.now())
}

/**
 * The person follows each update, in the same transaction: its status, its next step and due
 * date, when the consultant last called or wrote, and until when what came in is handled.
 */
export function applyPersonUpdate(e: RecordEvent): void {
  e.next()
  const update = e.record
  const kind = update.getString('kind')
  if (kind === 'note') return
  const person = e.app.findRecordById('people', update.getString('person'))
  const now = new Date().toISOString()
  if (kind === 'status') person.set('status', update.getString('status'))
  if (kind === 'next_step') {
    person.set('nextStep', update.getString('text'))
    person.set('nextDue', update.getString('due'))
  }
  if (kind === 'called' || kind === 'emailed') {
    person.set('lastContactAt', now)
    // Replying is handling what came in.
    person.set('handledAt', now)
  }
  if (kind === 'handled') {
    person.set('handledAt', now)
    const due = update.getString('due')
    // Snoozed: back on Today that day. Handled: a reminder due by today is done.
    if (due) person.set('nextDue', due)
    else if (
      person.getString('nextDue') &&
      person.getString('nextDue').slice(0, 10) <= siteToday(Date.now())
    )
      person.set('nextDue', '')
  }
  e.app.save(person)
}
