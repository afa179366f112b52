/// <reference path="../../.pb-types/types.d.ts" />
// The lead workspace's people (pb_migrations/1764500000_lead_workspace.js): one row per
// lowercased e-mail, recomputed from what exists for that address - audits, contact messages,
// the newsletter sign-up and the account. The consultant's status and notes survive a
// recompute; a person with nothing left (an account deleted with its data) is removed.

/** Newer of two PocketBase date strings ('' counts as oldest). */
function later(a, b) {
  return String(a || '') > String(b || '') ? String(a || '') : String(b || '')
}

/** The newsletter row's status, read from `status` when the collection has it, else `active`. */
function newsletterStatus(row) {
  const status = row.getString('status')
  if (status) return status
  return row.getBool('active') ? 'active' : 'unsubscribed'
}

/**
 * Brings the person of `rawEmail` up to date with the rows that carry that address. Never
 * throws: an after-save hook that throws would answer an error for a record that WAS saved.
 */
function refreshPerson(app, rawEmail) {
  const email = String(rawEmail || '')
    .trim()
    .toLowerCase()
  if (!email) return
  try {
    refreshPersonOrThrow(app, email)
  } catch (_) {
    // A parallel create of the same new address won the unique index: it made the row.
    try {
      refreshPersonOrThrow(app, email)
    } catch (again) {
      app.logger().error('people: refresh failed', 'email', email, 'error', String(again))
    }
  }
}

function refreshPersonOrThrow(app, email) {
  const params = { email: email }
  const audits = new DynamicModel({ count: 0, best: 0, last: '' })
  app
    .db()
    .newQuery(
      'SELECT COUNT(*) AS count, CAST(COALESCE(MAX(overallScore), 0) AS INTEGER) AS best, COALESCE(MAX(created), "") AS last FROM audits WHERE email = {:email}',
    )
    .bind(params)
    .one(audits)
  const latestAudit = new DynamicModel({ score: 0, firstTouch: '' })
  if (audits.count > 0) {
    app
      .db()
      .newQuery(
        'SELECT CAST(COALESCE(overallScore, 0) AS INTEGER) AS score FROM audits WHERE email = {:email} ORDER BY created DESC LIMIT 1',
      )
      .bind(params)
      .one(latestAudit)
  }
  const contacts = new DynamicModel({ count: 0, last: '' })
  app
    .db()
    .newQuery(
      'SELECT COUNT(*) AS count, COALESCE(MAX(created), "") AS last FROM contacts WHERE email = {:email}',
    )
    .bind(params)
    .one(contacts)

  let name = ''
  let lastActivity = later(audits.last, contacts.last)
  if (contacts.count > 0) {
    const latest = app.findRecordsByFilter('contacts', 'email = {:email}', '-created', 1, 0, params)
    if (latest.length) name = latest[0].getString('name')
  }

  let newsletter = ''
  const subs = app.findRecordsByFilter(
    'newsletter_subscriptions',
    'email = {:email}',
    '-created',
    1,
    0,
    params,
  )
  if (subs.length) {
    newsletter = newsletterStatus(subs[0])
    lastActivity = later(lastActivity, subs[0].getString('created'))
    lastActivity = later(lastActivity, subs[0].getString('confirmedAt'))
  }

  let userId = ''
  let user = null
  // Sign-up keeps the address as typed: compare lowercased.
  const users = app.findRecordsByFilter('users', 'email:lower = {:email}', '', 1, 0, params)
  if (users.length) user = users[0]
  if (user) {
    userId = user.id
    if (!name) name = user.getString('fullName')
    lastActivity = later(lastActivity, user.getString('created'))
  }

  const existing = app.findRecordsByFilter('people', 'email = {:email}', '', 1, 0, params)
  const person = existing.length ? existing[0] : null
  if (audits.count === 0 && contacts.count === 0 && subs.length === 0 && !user) {
    if (person) app.delete(person)
    return
  }

  const record = person || new Record(app.findCollectionByNameOrId('people'))
  if (!person) {
    record.set('email', email)
    record.set('status', 'new')
    record.set('firstTouch', firstTouchOf(app, email))
  } else if (!hasTouch(record.get('firstTouch'))) {
    record.set('firstTouch', firstTouchOf(app, email))
  }
  record.set('name', name)
  record.set('auditCount', audits.count)
  record.set('bestScore', audits.count ? audits.best : 0)
  record.set('latestScore', audits.count ? latestAudit.score : 0)
  record.set('messageCount', contacts.count)
  record.set('newsletter', newsletter)
  record.set('userId', userId)
  record.set('lastActivityAt', lastActivity)
  app.save(record)
}

function hasTouch(value) {
  if (!value) return false
  let touch = value
  if (typeof value === 'string') {
    try {
      touch = JSON.parse(value)
    } catch (_) {
      return false
    }
  }
  return !!touch && typeof touch === 'object' && Object.keys(touch).length > 0
}

/** The oldest first touch recorded on this address's audits or messages, or null. */
function firstTouchOf(app, email) {
  const row = new DynamicModel({ touch: '' })
  try {
    app
      .db()
      .newQuery(
        "SELECT touch FROM (SELECT firstTouch AS touch, created FROM audits WHERE email = {:email} UNION ALL SELECT firstTouch AS touch, created FROM contacts WHERE email = {:email}) WHERE touch IS NOT NULL AND touch NOT IN ('', 'null', '{}') ORDER BY created ASC LIMIT 1",
      )
      .bind({ email: email })
      .one(row)
  } catch (_) {
    return null
  }
  try {
    return row.touch ? JSON.parse(row.touch) : null
  } catch (_) {
    return null
  }
}

/** Refreshes the person of every e-mail anywhere (the migration that adds people runs it). */
function refreshEveryone(app) {
  const seen = {}
  for (const table of ['audits', 'contacts', 'newsletter_subscriptions', 'users']) {
    const rows = arrayOf(new DynamicModel({ email: '' }))
    app
      .db()
      .newQuery('SELECT DISTINCT lower(email) AS email FROM ' + table)
      .all(rows)
    for (const row of rows) {
      if (row.email && !seen[row.email]) {
        seen[row.email] = true
        refreshPerson(app, row.email)
      }
    }
  }
}

module.exports = { refreshPerson, refreshEveryone, newsletterStatus }
