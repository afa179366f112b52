// Keeps a person current: recomputed from what exists for any of their addresses - audits,
// contact messages, the newsletter sign-up and the account. The consultant's status and notes
// survive a recompute; a person with nothing left (an account deleted with its data) is removed.
// Two kinds of account never shape a person: an admin's (the site's own people are not leads:
// no person is kept for any of their addresses), and one whose address is not verified (anyone
// can open one with someone else's address, and its name would rename that person).
import { newsletterSourceLabels } from '../../src/config/labels'
import type { FirstTouch } from '../../src/config/first-touch'
import type { NewsletterSource } from '../../src/config/record-codes'
import type { App } from '../platform/events'
import { selectRow, selectRows } from '../platform/sql'
import { addressFilter, normalEmail } from './api'
import type { AddressFilter } from './api'
import { accountOf, addressesOf, findPersonByEmail, newsletterStatus } from './find'
import { linkPerson, unlinkPerson } from './links'

/** Newer of two PocketBase date strings ('' counts as oldest). */
function later(a: string, b: string): string {
  return String(a || '') > String(b || '') ? String(a || '') : String(b || '')
}

/** Older of two PocketBase date strings ('' counts as none). */
function earlier(a: string, b: string): string {
  if (!a || !b) return a || b
  return a < b ? a : b
}

/** `email IN ({:a0}, {:a1}, ...)`: the SQL form of the same match, with its parameters. */
function emailIn(match: AddressFilter): string {
  const names = Object.keys(match.params).map((name) => `{:${name}}`)
  return `email IN (${names.join(', ')})`
}

/** The row of a query of aggregates (COUNT, MAX), which answers one even when nothing matches. */
function aggregate<T extends Record<string, unknown>>(
  app: App,
  sql: string,
  params: Record<string, unknown>,
  shape: T,
): T {
  return selectRow(app, sql, params, shape) ?? shape
}

/**
 * Brings the person of `rawEmail` (their current address or a previous one) up to date with the
 * rows that carry any of their addresses. Never throws: an after-save hook that throws would
 * answer an error for a record that WAS saved.
 */
export function refreshPerson(app: App, rawEmail: string): void {
  const email = normalEmail(rawEmail)
  if (!email) return
  try {
    refreshPersonOrThrow(app, email)
  } catch {
    // A parallel create of the same new address won the unique index: it made the row.
    try {
      refreshPersonOrThrow(app, email)
    } catch (again) {
      app.logger().error('people: refresh failed', 'email', email, 'error', String(again))
    }
  }
}

/** The account of each address that has one, the current address's first. */
function accountsOf(app: App, addresses: string[]): core.Record[] {
  const accounts: core.Record[] = []
  for (const address of addresses) {
    const account = accountOf(app, address)
    if (account) accounts.push(account)
  }
  return accounts
}

function refreshPersonOrThrow(app: App, email: string): void {
  const person = findPersonByEmail(app, email)
  const addresses = person ? addressesOf(person) : [email]
  const accounts = accountsOf(app, addresses)
  if (accounts.some((account) => account.getBool('isAdmin'))) {
    // The consultant (or anyone running the site) is not a lead.
    if (person) removePerson(app, person)
    return
  }
  // Only a proven address's account counts: until then it may be a stranger's.
  const user = accounts.find((account) => account.verified())
  const match = addressFilter(addresses)
  const params = match.params
  const byEmail = emailIn(match)

  const audits = aggregate(
    app,
    'SELECT COUNT(*) AS count, CAST(COALESCE(MAX(overallScore), 0) AS INTEGER) AS best, COALESCE(MAX(created), "") AS last FROM audits WHERE ' +
      byEmail,
    params,
    { count: 0, best: 0, last: '' },
  )
  let latestScore = 0
  if (audits.count > 0) {
    const latest = selectRow(
      app,
      'SELECT CAST(COALESCE(overallScore, 0) AS INTEGER) AS score FROM audits WHERE ' +
        byEmail +
        ' ORDER BY created DESC LIMIT 1',
      params,
      { score: 0 },
    )
    if (latest) latestScore = latest.score
  }
  const contacts = aggregate(
    app,
    'SELECT COUNT(*) AS count, COALESCE(MAX(created), "") AS last FROM contacts WHERE ' + byEmail,
    params,
    { count: 0, last: '' },
  )

  let name = ''
  let lastActivity = later(audits.last, contacts.last)
  if (contacts.count > 0) {
    const latest = app.findRecordsByFilter('contacts', match.filter, '-created', 1, 0, params)
    if (latest.length && latest[0]) name = latest[0].getString('name')
  }

  let newsletter = ''
  const subs = app.findRecordsByFilter(
    'newsletter_subscriptions',
    match.filter,
    '-created',
    1,
    0,
    params,
  )
  const sub = subs.length ? subs[0] : undefined
  if (sub) {
    newsletter = newsletterStatus(sub)
    lastActivity = later(lastActivity, sub.getString('created'))
    lastActivity = later(lastActivity, sub.getString('confirmedAt'))
  }

  let userId = ''
  if (user) {
    userId = user.id
    // The name the member gave their account (they can change it in Settings) wins.
    if (user.getString('fullName')) name = user.getString('fullName')
    lastActivity = later(lastActivity, user.getString('created'))
  }

  // A lead the consultant added by hand stays when nothing else carries their address.
  const byHand = !!person && !!person.getString('source')
  if (audits.count === 0 && contacts.count === 0 && subs.length === 0 && !user && !byHand) {
    if (person) removePerson(app, person)
    return
  }

  const record = person || new Record(app.findCollectionByNameOrId('people'))
  if (!person) {
    record.set('email', email)
    record.set('status', 'new')
    record.set('firstTouch', firstTouchOf(app, addresses, sub, user))
  } else if (!hasTouch(record.get('firstTouch'))) {
    record.set('firstTouch', firstTouchOf(app, addresses, sub, user))
  }
  if (byHand) {
    // What the consultant typed, until the person names themselves on the site.
    if (!name) name = record.getString('name')
    lastActivity = later(lastActivity, record.getString('created'))
  }
  record.set('name', name)
  record.set('auditCount', audits.count)
  record.set('bestScore', audits.count ? audits.best : 0)
  record.set('latestScore', audits.count ? latestScore : 0)
  record.set('messageCount', contacts.count)
  record.set('newsletter', newsletter)
  record.set('userId', userId)
  record.set('lastActivityAt', lastActivity)
  app.save(record)
  linkPerson(app, record.id, addresses)
}

/** A person with nothing left: the rows that pointed at them let go first. */
function removePerson(app: App, person: core.Record): void {
  unlinkPerson(app, person.id)
  app.delete(person)
}

/** True when the stored first touch names at least one field. */
function hasTouch(value: unknown): boolean {
  if (!value) return false
  let touch = value
  if (typeof value === 'string') {
    try {
      touch = JSON.parse(value)
    } catch {
      return false
    }
  }
  return !!touch && typeof touch === 'object' && Object.keys(touch).length > 0
}

/**
 * The newsletter forms a visitor signs up with on the site's pages (not the account sign-up's or
 * the audit's newsletter choice: those people came through the account or the audit).
 */
const NEWSLETTER_FORMS: readonly NewsletterSource[] = ['hero_section', 'footer', 'about', 'archive']

/**
 * Where a person who came through a newsletter form came from, as far as the site knows: the
 * form (a sign-up carries no visit source), e.g. "Newsletter sign-up (Footer)"; null unless the
 * sign-up (`sub`) came before their first audit, message and account (`firstOther`, '' for none).
 */
function newsletterTouch(sub: core.Record | undefined, firstOther: string): FirstTouch | null {
  if (!sub) return null
  const source = sub.getString('source') as NewsletterSource
  if (NEWSLETTER_FORMS.indexOf(source) < 0) return null
  if (firstOther && firstOther < sub.getString('created')) return null
  return { referrer: `Newsletter sign-up (${newsletterSourceLabels[source]})` }
}

/**
 * The oldest first touch recorded on these addresses' audits or messages; else, for someone who
 * came through a newsletter form, that form; else null. `sub` is their newsletter sign-up,
 * `user` their (verified) account.
 */
function firstTouchOf(
  app: App,
  addresses: string[],
  sub: core.Record | undefined,
  user: core.Record | undefined,
): unknown {
  const visit = visitTouchOf(app, addresses)
  if (visit || !sub) return visit
  const match = addressFilter(addresses)
  const byEmail = emailIn(match)
  const first = aggregate(
    app,
    'SELECT COALESCE(MIN(created), "") AS created FROM (SELECT created FROM audits WHERE ' +
      byEmail +
      ' UNION ALL SELECT created FROM contacts WHERE ' +
      byEmail +
      ')',
    match.params,
    { created: '' },
  ).created
  return newsletterTouch(sub, earlier(first, user ? user.getString('created') : ''))
}

/** The oldest first touch recorded on these addresses' audits or messages, or null. */
function visitTouchOf(app: App, addresses: string[]): unknown {
  const match = addressFilter(addresses)
  const byEmail = emailIn(match)
  let row: { touch: string } | null
  try {
    row = selectRow(
      app,
      'SELECT touch FROM (SELECT firstTouch AS touch, created FROM audits WHERE ' +
        byEmail +
        ' UNION ALL SELECT firstTouch AS touch, created FROM contacts WHERE ' +
        byEmail +
        ") WHERE touch IS NOT NULL AND touch NOT IN ('', 'null', '{}') ORDER BY created ASC LIMIT 1",
      match.params,
      { touch: '' },
    )
  } catch {
    return null
  }
  try {
    return row && row.touch ? JSON.parse(row.touch) : null
  } catch {
    return null
  }
}

/** Refreshes the person of every e-mail anywhere (the migration that adds people runs it). */
export function refreshEveryone(app: App): void {
  const seen: Record<string, boolean> = {}
  for (const table of ['audits', 'contacts', 'newsletter_subscriptions', 'users']) {
    const rows = selectRows(
      app,
      `SELECT DISTINCT lower(email) AS email FROM ${table}`,
      {},
      {
        email: '',
      },
    )
    for (const row of rows) {
      if (row.email && !seen[row.email]) {
        seen[row.email] = true
        refreshPerson(app, row.email)
      }
    }
  }
}
