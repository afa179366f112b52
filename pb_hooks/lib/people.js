/// <reference path="../../.pb-types/types.d.ts" />
// The lead workspace's people (pb_migrations/1764500000_lead_workspace.js): one row per human,
// keyed by their current lowercased e-mail, with the addresses they had before an account's
// e-mail change in `previousEmails` (lib/email-change.js). A person is recomputed from what
// exists for any of their addresses - audits, contact messages, the newsletter sign-up and the
// account. The consultant's status and notes survive a recompute; a person with nothing left
// (an account deleted with its data) is removed.

/**
 * Newer of two PocketBase date strings ('' counts as oldest).
 * @param {string} a
 * @param {string} b
 */
function later(a, b) {
  return String(a || '') > String(b || '') ? String(a || '') : String(b || '')
}

/**
 * The newsletter row's status, read from `status` when the collection has it, else `active`.
 * @param {core.Record} row
 */
function newsletterStatus(row) {
  const status = row.getString('status')
  if (status) return status
  return row.getBool('active') ? 'active' : 'unsubscribed'
}

/**
 * An address as people are keyed: trimmed and lowercased ('' for none).
 * @param {unknown} email
 */
function normalEmail(email) {
  return String(email || '')
    .trim()
    .toLowerCase()
}

/**
 * A JSON field's value as a plain value (PocketBase hands JSON fields to hooks as raw bytes).
 * @param {unknown} value
 */
function jsonValue(value) {
  if (value === null || value === undefined) return null
  try {
    return JSON.parse(typeof value === 'string' ? value : toString(value))
  } catch (_) {
    return null
  }
}

/**
 * The addresses a person had before the current one (lowercased, oldest first).
 * @param {core.Record} person
 * @returns {string[]}
 */
function previousEmailsOf(person) {
  const list = jsonValue(person.get('previousEmails'))
  if (!Array.isArray(list)) return []
  const out = []
  for (const item of list) {
    const email = normalEmail(item)
    if (email && out.indexOf(email) < 0) out.push(email)
  }
  return out
}

/**
 * Every address of a person: the current one first, then the previous ones.
 * @param {core.Record} person
 */
function addressesOf(person) {
  const current = normalEmail(person.getString('email'))
  return [current].concat(previousEmailsOf(person).filter((e) => e !== current))
}

/**
 * How a string appears inside a stored JSON array: its JSON form, and Go's form of it (Go's
 * encoder writes <, > and & as \u003c, \u003e, \u0026).
 * @param {string} email
 */
function jsonForms(email) {
  const plain = JSON.stringify(email)
  const go = plain.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
  return plain === go ? [plain] : [plain, go]
}

/**
 * The person an address belongs to: the one whose current address it is, else the one that had
 * it before an e-mail change. Null when nobody has it.
 * @param {core.App} app
 * @param {string} rawEmail
 * @returns {core.Record | null}
 */
function findPersonByEmail(app, rawEmail) {
  const email = normalEmail(rawEmail)
  if (!email) return null
  const current = app.findRecordsByFilter('people', 'email = {:email}', '', 1, 0, { email: email })
  if (current.length) return current[0]
  for (const form of jsonForms(email)) {
    const row = new DynamicModel({ id: '' })
    try {
      app
        .db()
        .newQuery(
          "SELECT id FROM people WHERE previousEmails NOT IN ('', '[]', 'null') AND instr(previousEmails, {:form}) > 0 LIMIT 1",
        )
        .bind({ form: form })
        .one(row)
    } catch (_) {
      continue // no row
    }
    if (row.id) return app.findRecordById('people', row.id)
  }
  return null
}

/**
 * `field IN ({:a0}, {:a1}, ...)` and its parameters, for a list of addresses.
 * @param {string} field
 * @param {string[]} addresses
 */
function inAddresses(field, addresses) {
  /** @type {Record<string, string>} */
  const params = {}
  const names = addresses.map((address, i) => {
    params['a' + i] = address
    return '{:a' + i + '}'
  })
  return { sql: field + ' IN (' + names.join(', ') + ')', params: params }
}

/**
 * Brings the person of `rawEmail` (their current address or a previous one) up to date with the
 * rows that carry any of their addresses. Never throws: an after-save hook that throws would
 * answer an error for a record that WAS saved.
 * @param {core.App} app
 * @param {string} rawEmail
 */
function refreshPerson(app, rawEmail) {
  const email = normalEmail(rawEmail)
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

/**
 * @param {core.App} app
 * @param {string} email
 */
function refreshPersonOrThrow(app, email) {
  const person = findPersonByEmail(app, email)
  const addresses = person ? addressesOf(person) : [email]
  const match = inAddresses('email', addresses)
  const params = match.params

  const audits = new DynamicModel({ count: 0, best: 0, last: '' })
  app
    .db()
    .newQuery(
      'SELECT COUNT(*) AS count, CAST(COALESCE(MAX(overallScore), 0) AS INTEGER) AS best, COALESCE(MAX(created), "") AS last FROM audits WHERE ' +
        match.sql,
    )
    .bind(params)
    .one(audits)
  const latestAudit = new DynamicModel({ score: 0, firstTouch: '' })
  if (audits.count > 0) {
    app
      .db()
      .newQuery(
        'SELECT CAST(COALESCE(overallScore, 0) AS INTEGER) AS score FROM audits WHERE ' +
          match.sql +
          ' ORDER BY created DESC LIMIT 1',
      )
      .bind(params)
      .one(latestAudit)
  }
  const contacts = new DynamicModel({ count: 0, last: '' })
  app
    .db()
    .newQuery(
      'SELECT COUNT(*) AS count, COALESCE(MAX(created), "") AS last FROM contacts WHERE ' +
        match.sql,
    )
    .bind(params)
    .one(contacts)

  let name = ''
  let lastActivity = later(audits.last, contacts.last)
  if (contacts.count > 0) {
    const latest = app.findRecordsByFilter(
      'contacts',
      addresses.map((_, i) => 'email = {:a' + i + '}').join(' || '),
      '-created',
      1,
      0,
      params,
    )
    if (latest.length) name = latest[0].getString('name')
  }

  let newsletter = ''
  const subs = app.findRecordsByFilter(
    'newsletter_subscriptions',
    addresses.map((_, i) => 'email = {:a' + i + '}').join(' || '),
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
  // Sign-up keeps the address as typed before it was normalised: compare lowercased. The
  // current address's account first.
  for (let i = 0; i < addresses.length && !user; i++) {
    const users = app.findRecordsByFilter('users', 'email:lower = {:email}', '', 1, 0, {
      email: addresses[i],
    })
    if (users.length) user = users[0]
  }
  if (user) {
    userId = user.id
    // The name the member gave their account (they can change it in Settings) wins.
    if (user.getString('fullName')) name = user.getString('fullName')
    lastActivity = later(lastActivity, user.getString('created'))
  }

  if (audits.count === 0 && contacts.count === 0 && subs.length === 0 && !user) {
    if (person) app.delete(person)
    return
  }

  const record = person || new Record(app.findCollectionByNameOrId('people'))
  if (!person) {
    record.set('email', email)
    record.set('status', 'new')
    record.set('firstTouch', firstTouchOf(app, addresses))
  } else if (!hasTouch(record.get('firstTouch'))) {
    record.set('firstTouch', firstTouchOf(app, addresses))
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

/** @param {unknown} value */
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

/**
 * The oldest first touch recorded on these addresses' audits or messages, or null.
 * @param {core.App} app
 * @param {string[]} addresses
 */
function firstTouchOf(app, addresses) {
  const audits = inAddresses('email', addresses)
  const row = new DynamicModel({ touch: '' })
  try {
    app
      .db()
      .newQuery(
        'SELECT touch FROM (SELECT firstTouch AS touch, created FROM audits WHERE ' +
          audits.sql +
          ' UNION ALL SELECT firstTouch AS touch, created FROM contacts WHERE ' +
          audits.sql +
          ") WHERE touch IS NOT NULL AND touch NOT IN ('', 'null', '{}') ORDER BY created ASC LIMIT 1",
      )
      .bind(audits.params)
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

/**
 * Refreshes the person of every e-mail anywhere (the migration that adds people runs it).
 * @param {core.App} app
 */
function refreshEveryone(app) {
  /** @type {Record<string, boolean>} */
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

module.exports = {
  refreshPerson,
  refreshEveryone,
  newsletterStatus,
  normalEmail,
  findPersonByEmail,
  addressesOf,
  previousEmailsOf,
}
