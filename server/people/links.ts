// One person, one relation: every audit, message (call-back requests included) and newsletter
// sign-up points at its person (`person`), so the person page, Today and the rest read them by
// id. Which rows are a person's is decided here and only here: the rows that carry any of the
// person's addresses (their current e-mail, and the ones they had before an account's e-mail
// change). refresh.ts calls linkPerson after every recompute, so a create, a delete and an
// e-mail change each leave the links current; the statements write the column directly (no
// record hooks run, nothing else changes).
import type { App } from '../platform/events'
import type { Params } from '../platform/sql'
import { inList, selectRows } from '../platform/sql'
import { addressesOf } from './find'

/** The collections whose rows belong to a person by their e-mail. */
export const LINKED_COLLECTIONS = ['audits', 'contacts', 'newsletter_subscriptions'] as const

/**
 * Points every row carrying one of `addresses` at `personId`, and unlinks rows still pointing at
 * it that no longer carry one (an address that moved to someone else).
 */
export function linkPerson(app: App, personId: string, addresses: readonly string[]): void {
  for (const table of LINKED_COLLECTIONS) {
    const params: Params = { id: personId }
    const list = addresses.length ? inList('a', addresses as string[], params) : "''"
    app
      .db()
      .newQuery(`UPDATE ${table} SET person = {:id} WHERE email IN (${list}) AND person != {:id}`)
      .bind(params)
      .execute()
    app
      .db()
      .newQuery(`UPDATE ${table} SET person = '' WHERE person = {:id} AND email NOT IN (${list})`)
      .bind(params)
      .execute()
  }
}

/** No row points at `personId` any more (the person is about to be deleted). */
export function unlinkPerson(app: App, personId: string): void {
  for (const table of LINKED_COLLECTIONS) {
    app
      .db()
      .newQuery(`UPDATE ${table} SET person = '' WHERE person = {:id}`)
      .bind({ id: personId })
      .execute()
  }
}

/**
 * Links the rows of every person (the migration that adds the relation runs it once): by the
 * current address in one statement per collection, then the few people with earlier addresses
 * one by one. Stored addresses are lowercased and trimmed (the create hooks normalise them).
 */
export function linkEveryone(app: App): void {
  for (const table of LINKED_COLLECTIONS) {
    app
      .db()
      .newQuery(
        `UPDATE ${table} SET person = COALESCE((SELECT p.id FROM people p WHERE p.email != '' AND p.email = ${table}.email), '')`,
      )
      .execute()
  }
  const people = selectRows(
    app,
    "SELECT id FROM people WHERE previousEmails NOT IN ('', '[]', 'null')",
    {},
    { id: '' },
  )
  for (const row of people) {
    const person = app.findRecordById('people', row.id)
    linkPerson(app, person.id, addressesOf(person))
  }
}
