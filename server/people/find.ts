// Finding a person of the lead workspace (pb_migrations/1764500000_lead_workspace.js) by any
// address they had: one row per human, keyed by their current lowercased e-mail, with the
// addresses they had before an account's e-mail change in `previousEmails`
// (server/accounts/ moves them).
import { phoneKey } from '../../src/config/phone'
import type { App } from '../platform/events'
import { jsonValue } from '../platform/json'
import { findOrNull, selectRow, selectRows } from '../platform/sql'
import { normalEmail, personAddresses, previousAddresses } from './api'

/** The newsletter row's status, read from `status` when the collection has it, else `active`. */
export function newsletterStatus(row: core.Record): string {
  const status = row.getString('status')
  if (status) return status
  return row.getBool('active') ? 'active' : 'unsubscribed'
}

/** The addresses a person had before the current one (lowercased, oldest first). */
export function previousEmailsOf(person: core.Record): string[] {
  // PocketBase hands JSON fields to hooks as raw bytes.
  return previousAddresses(jsonValue(person.get('previousEmails')))
}

/** Every address of a person: the current one first, then the previous ones. */
export function addressesOf(person: core.Record): string[] {
  return personAddresses({
    email: person.getString('email'),
    previousEmails: jsonValue(person.get('previousEmails')),
  })
}

/**
 * How a string appears inside a stored JSON array: its JSON form, and Go's form of it (Go's
 * encoder writes <, > and & as \u003c, \u003e, \u0026).
 */
function jsonForms(email: string): string[] {
  const plain = JSON.stringify(email)
  const go = plain.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
  return plain === go ? [plain] : [plain, go]
}

/**
 * The person an address belongs to: the one whose current address it is, else the one that had
 * it before an e-mail change. Null when nobody has it.
 */
export function findPersonByEmail(app: App, rawEmail: string): core.Record | null {
  const email = normalEmail(rawEmail)
  if (!email) return null
  const current = app.findRecordsByFilter('people', 'email = {:email}', '', 1, 0, { email })
  if (current.length && current[0]) return current[0]
  for (const form of jsonForms(email)) {
    let row: { id: string } | null = null
    try {
      row = selectRow(
        app,
        "SELECT id FROM people WHERE previousEmails NOT IN ('', '[]', 'null') AND instr(previousEmails, {:form}) > 0 LIMIT 1",
        { form },
        { id: '' },
      )
    } catch {
      continue // as no row
    }
    if (row && row.id) return app.findRecordById('people', row.id)
  }
  return null
}

/**
 * The person a phone number belongs to: one added by hand with it, or one who left it in a
 * call-back request, however either was typed (`phoneKey`). Null when nobody has it (or `phone`
 * has no digits). Reads every stored number: a consultant's People are hundreds, not millions,
 * and the one rule of what makes two numbers the same stays in src/config/phone.ts.
 */
export function findPersonByPhone(app: App, phone: string): core.Record | null {
  const key = phoneKey(phone)
  if (!key) return null
  const rows = selectRows(
    app,
    "SELECT id, phone FROM people WHERE phone != '' " +
      "UNION ALL SELECT person AS id, phone FROM contacts WHERE person != '' AND phone != ''",
    {},
    { id: '', phone: '' },
  )
  const match = rows.find((row) => phoneKey(row.phone) === key)
  return match ? findOrNull(app, 'people', match.id) : null
}

/** The account of an address (lowercased), or null. Sign-up keeps the address as typed. */
export function accountOf(app: App, address: string): core.Record | null {
  const users = app.findRecordsByFilter('users', 'email:lower = {:email}', '', 1, 0, {
    email: address,
  })
  return users.length && users[0] ? users[0] : null
}
