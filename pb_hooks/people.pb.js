/// <reference path="../.pb-types/types.d.ts" />
// Keeps the lead workspace's people (pb_hooks/lib/people.js) current: every create, change
// or delete of an audit, a contact message, a newsletter sign-up or an account refreshes the
// person of its e-mail (a new address makes a New person). Also: the first touch an audit or
// message carries is checked, a note or status change is checked and a status change sets
// the person's status.

onRecordCreateRequest(
  (e) => {
    const { readFirstTouch } = /** @type {typeof import('./lib/first-touch.js')} */ (
      require(`${__hooks}/lib/first-touch.js`)
    )
    // PocketBase has parsed the JSON field already (raw bytes); read it back as a value.
    let sent = null
    try {
      const raw = toString(e.record.get('firstTouch'))
      sent = raw ? JSON.parse(raw) : null
    } catch (_) {
      sent = 'unreadable'
    }
    const touch = readFirstTouch(sent)
    const keys = Object.keys(touch.problems)
    if (keys.length) {
      /** @type {Record<string, ValidationError>} */
      const data = {}
      for (const key of keys)
        data[key] = new ValidationError('validation_invalid_value', touch.problems[key])
      throw new BadRequestError('Failed to create record.', data)
    }
    e.record.set('firstTouch', touch.value)
    return e.next()
  },
  'audits',
  'contacts',
)

onRecordAfterCreateSuccess(
  (e) => {
    const { refreshPerson } = /** @type {typeof import('./lib/people.js')} */ (
      require(`${__hooks}/lib/people.js`)
    )
    refreshPerson(e.app, e.record.getString('email'))
    return e.next()
  },
  'audits',
  'contacts',
  'newsletter_subscriptions',
  'users',
)

onRecordAfterUpdateSuccess(
  (e) => {
    const { refreshPerson } = /** @type {typeof import('./lib/people.js')} */ (
      require(`${__hooks}/lib/people.js`)
    )
    const before = e.record.original().getString('email')
    const now = e.record.getString('email')
    refreshPerson(e.app, now)
    if (before.toLowerCase() !== now.toLowerCase()) refreshPerson(e.app, before)
    return e.next()
  },
  'newsletter_subscriptions',
  'users',
)

onRecordAfterDeleteSuccess(
  (e) => {
    const { refreshPerson } = /** @type {typeof import('./lib/people.js')} */ (
      require(`${__hooks}/lib/people.js`)
    )
    refreshPerson(e.app, e.record.getString('email'))
    return e.next()
  },
  'audits',
  'contacts',
  'newsletter_subscriptions',
  'users',
)

// A note needs its text; a status change names a status. Both belong to an existing person.
onRecordCreateRequest((e) => {
  const { NOTE_MAX } = /** @type {typeof import('./lib/shared.cjs')} */ (
    require(`${__hooks}/lib/shared.cjs`)
  )
  const kind = e.record.getString('kind')
  const text = e.record.getString('text').trim()
  e.record.set('text', text)
  if (kind === 'note' && !text) {
    throw new BadRequestError('Failed to create record.', {
      text: new ValidationError('validation_required', 'Please write the note.'),
    })
  }
  if (text.length > NOTE_MAX) {
    throw new BadRequestError('Failed to create record.', {
      text: new ValidationError(
        'validation_max_text_constraint',
        'Must be at most ' + NOTE_MAX + ' characters.',
      ),
    })
  }
  if (kind === 'status' && !e.record.getString('status')) {
    throw new BadRequestError('Failed to create record.', {
      status: new ValidationError('validation_required', 'Choose a status.'),
    })
  }
  if (kind === 'note') e.record.set('status', '')
  return e.next()
}, 'person_updates')

// The person's status follows the latest status change, in the same transaction.
onRecordCreateExecute((e) => {
  e.next()
  if (e.record.getString('kind') !== 'status') return
  const person = e.app.findRecordById('people', e.record.getString('person'))
  person.set('status', e.record.getString('status'))
  e.app.save(person)
}, 'person_updates')
