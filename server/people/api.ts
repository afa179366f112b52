// Which addresses are one person's, and how a query finds what carries any of them: the rule the
// server uses to keep people current and to link each audit, message and sign-up to its person
// (./refresh.ts, ./links.ts); and the shapes of the people routes' answers, which the browser
// reads (src/backend/people-api.ts). Pure: no PocketBase globals, so both sides compile it.
import type { StaleDays } from '../../src/config/leads'

/** An address as people are keyed: trimmed and lowercased ('' for none). */
export function normalEmail(email: unknown): string {
  return String(email || '')
    .trim()
    .toLowerCase()
}

/**
 * The addresses a person had before the current one (`previousEmails` as plain data, which an
 * account's e-mail change fills): lowercased, oldest first, each once.
 */
export function previousAddresses(previousEmails: unknown): string[] {
  if (!Array.isArray(previousEmails)) return []
  const out: string[] = []
  for (const item of previousEmails) {
    const email = normalEmail(item)
    if (email && out.indexOf(email) < 0) out.push(email)
  }
  return out
}

/** A person as the join reads them: the current address and the previous ones (plain data). */
export interface PersonAddresses {
  email: string
  previousEmails?: unknown
}

/** Every address of a person, lowercased: the current one first, then the previous ones. */
export function personAddresses(person: PersonAddresses): string[] {
  const current = normalEmail(person.email)
  return [current].concat(previousAddresses(person.previousEmails).filter((e) => e !== current))
}

/** A PocketBase filter expression and the parameters it binds. */
export interface AddressFilter {
  /** `email = {:a0} || email = {:a1} || ...` */
  filter: string
  /** a0, a1, ...: the addresses, in order. */
  params: Record<string, string>
}

/** The filter matching a record (audit, message, newsletter sign-up) of any of `addresses`. */
export function addressFilter(addresses: readonly string[]): AddressFilter {
  const params: Record<string, string> = {}
  const filter = addresses
    .map((address, i) => {
      params[`a${i}`] = address
      return `email = {:a${i}}`
    })
    .join(' || ')
  return { filter, params }
}

/** Why a person is on the console's Today list, most pressing first. */
export type TodayReason = 'callback' | 'message' | 'audit' | 'due'

/** One row of GET /api/people/today. */
export interface TodayItem {
  person: string
  name: string
  email: string
  status: string
  /** The number they last left in a message or call-back request, else the one the consultant
   *  typed for them ('' for none). */
  phone: string
  reason: TodayReason
  /** The message, `Audit: 42%`, or the next step. */
  what: string
  /** When it came in (stored time), or the due date. */
  at: string
  nextStep: string
  /** `2026-11-29` or ''. */
  nextDue: string
}

export interface TodayAnswer {
  /** Today on the consultant's clock: `2026-11-29`. */
  today: string
  items: TodayItem[]
}

/**
 * GET and PUT /api/people/settings: when a person in each open status is stale, and whether
 * Today's list comes by e-mail each morning. A PUT may send either field alone.
 */
export interface PeopleSettings {
  staleDays: StaleDays
  /** Today's list by e-mail at 7:00 on the site's clock; off by default. */
  morningMail: boolean
  /** The site's clock (SITE_TIME_ZONE) the morning mail keeps: answered, never saved. */
  timeZone: string
}
