// Typed PocketBase calls the console's shell and lists add to admin-api.ts and people-api.ts:
// the people behind a page of audits (their name, status and page). Every call takes the client
// first so the same code runs in the app and in integration tests.
import type PocketBase from 'pocketbase'
import { collections, type PersonRecord } from './types'

/**
 * The person of each address (current or previous), keyed by the lowercased address; an
 * address nobody has is missing. A page of 50 addresses takes three small requests.
 */
export async function peopleByEmail(
  pb: PocketBase,
  emails: readonly string[],
): Promise<Record<string, PersonRecord>> {
  const addresses = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))]
  if (addresses.length === 0) return {}
  // PocketBase refuses a very long filter: ask for 20 addresses at a time.
  const groups: string[][] = []
  for (let i = 0; i < addresses.length; i += 20) groups.push(addresses.slice(i, i + 20))
  const pages = await Promise.all(
    groups.map((group) =>
      pb.collection(collections.people).getFullList<PersonRecord>({
        filter: group
          .map((email) =>
            pb.filter('email = {:e} || previousEmails ~ {:q}', { e: email, q: `"${email}"` }),
          )
          .join(' || '),
        requestKey: null,
      }),
    ),
  )
  const people = pages.flat()
  const byEmail: Record<string, PersonRecord> = {}
  for (const person of people) {
    for (const email of [person.email, ...(person.previousEmails ?? [])]) {
      if (addresses.includes(email)) byEmail[email] = person
    }
  }
  return byEmail
}
