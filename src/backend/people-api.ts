// Typed PocketBase calls of the lead workspace (/audit-admin, People and Funnel tabs): the
// people list the server keeps per e-mail (server/people/), one person's page (their audits,
// messages, newsletter sign-up, notes and status changes, in one request: the server links each
// to its person) and the funnel report
// (server/funnel/). Notes and status changes are sent through the outbox, not from here.
// Every call takes the client first so the same code runs in the app and in integration tests.
import type PocketBase from 'pocketbase'
import type { ListResult } from 'pocketbase'
import type { FunnelReport } from '../../server/funnel/api'
import type { PeopleSettings, TodayAnswer, TodayItem, TodayReason } from '../../server/people/api'
import { toPbTime } from '../config/dates'
import type { PersonStatus } from '../config/leads'
import { SCORE_BANDS, type ScoreBand } from '../config/score-bands'
import { ADMIN_PAGE_SIZE } from './admin-api'
import {
  collections,
  type AuditRecord,
  type ContactRecord,
  type NewsletterRecord,
  type PersonRecord,
  type PersonUpdateRecord,
} from './types'

/** A score band, or 'none' for people with no audit. */
export type PeopleBand = ScoreBand | 'none'

/** What the consultant narrowed the People list to. */
export interface PeopleFilter {
  /** Part of a name or an e-mail. */
  search: string
  status: PersonStatus | ''
  band: PeopleBand | ''
  /** Last activity at or after this time. */
  since: Date | null
  /**
   * Only next steps with a due date: `2026-11-29` due on that day or before (the Due filter, with
   * the site's today), 'any' any due date (People's offline copy of them); '' or absent: everyone.
   */
  due?: string
}

export const emptyPeopleFilter: PeopleFilter = {
  search: '',
  status: '',
  band: '',
  since: null,
  due: '',
}

/** The newsletter row as either schema has it (`active` before double opt-in, `status` after). */
export type SubscriptionRecord = Pick<NewsletterRecord, 'id' | 'email' | 'created'> & {
  active?: boolean
  status?: string
  confirmedAt?: string
  updated?: string
}

/** Everything on one person's page. */
export interface PersonPage {
  person: PersonRecord
  audits: AuditRecord[]
  messages: ContactRecord[]
  subscription: SubscriptionRecord | null
  updates: PersonUpdateRecord[]
}

export type { FunnelReport, PeopleSettings, TodayAnswer, TodayItem, TodayReason }

const BAND_FILTERS: Record<PeopleBand, string> = {
  green: `auditCount > 0 && latestScore >= ${SCORE_BANDS.green.min}`,
  yellow: `auditCount > 0 && latestScore >= ${SCORE_BANDS.yellow.min} && latestScore < ${SCORE_BANDS.green.min}`,
  red: `auditCount > 0 && latestScore < ${SCORE_BANDS.yellow.min}`,
  none: 'auditCount = 0',
}

/** The server-side filter of the People list (`~` is a literal, case-insensitive contains). */
export function peopleFilter(pb: PocketBase, filter: PeopleFilter): string {
  const parts: string[] = []
  const search = filter.search.trim().replace(/%/g, '\\%')
  if (search)
    parts.push(
      pb.filter('(email ~ {:q} || name ~ {:q} || previousEmails ~ {:q} || phone ~ {:q})', {
        q: search,
      }),
    )
  if (filter.status) parts.push(pb.filter('status = {:status}', { status: filter.status }))
  if (filter.band) parts.push(`(${BAND_FILTERS[filter.band]})`)
  if (filter.since)
    parts.push(pb.filter('lastActivityAt >= {:since}', { since: toPbTime(filter.since) }))
  if (filter.due === 'any') parts.push("nextDue != ''")
  else if (filter.due && /^\d{4}-\d{2}-\d{2}$/.test(filter.due))
    // A date field is stored as `2026-11-29 00:00:00.000Z`: "on or before the day" is up to its end.
    parts.push(
      pb.filter("(nextDue != '' && nextDue <= {:dueBy})", { dueBy: `${filter.due} 23:59:59.999Z` }),
    )
  return parts.join(' && ')
}

const PEOPLE_SORT = '-lastActivityAt,-created'

/** One page of people, most recently active first. */
export function listPeople(
  pb: PocketBase,
  page: number,
  filter: PeopleFilter,
): Promise<ListResult<PersonRecord>> {
  return pb.collection(collections.people).getList<PersonRecord>(page, ADMIN_PAGE_SIZE, {
    filter: peopleFilter(pb, filter),
    sort: PEOPLE_SORT,
  })
}

/** Every person matching the filter (for the CSV). */
export function listAllPeople(pb: PocketBase, filter: PeopleFilter): Promise<PersonRecord[]> {
  return pb.collection(collections.people).getFullList<PersonRecord>({
    filter: peopleFilter(pb, filter),
    sort: PEOPLE_SORT,
    batch: 500,
  })
}

/** The back-relations a person's page expands: everything that points at the person. */
const PERSON_PAGE_EXPAND = [
  'audits_via_person',
  'contacts_via_person',
  'newsletter_subscriptions_via_person',
  'person_updates_via_person',
].join(',')

interface PersonWithRows extends PersonRecord {
  expand?: {
    audits_via_person?: AuditRecord[]
    contacts_via_person?: ContactRecord[]
    newsletter_subscriptions_via_person?: SubscriptionRecord[]
    person_updates_via_person?: PersonUpdateRecord[]
  }
}

/** Newest first, by the stored time. */
function newestFirst<T extends { created: string }>(rows: T[] | undefined): T[] {
  return (rows ?? [])
    .slice()
    .sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0))
}

/**
 * A person's page in one request: the person and what points at them (the server links each
 * audit, message and sign-up to its person, server/people/links.ts); null when the person no
 * longer exists (their data was deleted).
 */
export async function getPersonPage(pb: PocketBase, id: string): Promise<PersonPage | null> {
  let record: PersonWithRows
  try {
    record = await pb
      .collection(collections.people)
      .getOne<PersonWithRows>(id, { expand: PERSON_PAGE_EXPAND })
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null
    throw err
  }
  const { expand, ...person } = record
  return {
    person,
    audits: newestFirst(expand?.audits_via_person),
    messages: newestFirst(expand?.contacts_via_person),
    subscription: newestFirst(expand?.newsletter_subscriptions_via_person)[0] ?? null,
    updates: newestFirst(expand?.person_updates_via_person),
  }
}

/** The funnel over the last `days` days (7, 30 or 90), counted by the server. */
export function getFunnel(pb: PocketBase, days: number): Promise<FunnelReport> {
  return pb.send<FunnelReport>('/api/admin/funnel', { method: 'GET', query: { days } })
}

/** The console's Today list: who needs the consultant now (the site admin). */
export function getToday(pb: PocketBase): Promise<TodayAnswer> {
  return pb.send<TodayAnswer>('/api/people/today', { method: 'GET' })
}

/** When a person in each open status is stale, and the morning mail (the site admin). */
export function getPeopleSettings(pb: PocketBase): Promise<PeopleSettings> {
  return pb.send<PeopleSettings>('/api/people/settings', { method: 'GET' })
}

/**
 * Saves the People settings sent (either alone keeps the other); a 400 names each bad field
 * (`staleDays.new`, `morningMail`, ...). Answers all of them.
 */
export function savePeopleSettings(
  pb: PocketBase,
  settings: Partial<Pick<PeopleSettings, 'staleDays' | 'morningMail'>>,
): Promise<PeopleSettings> {
  return pb.send<PeopleSettings>('/api/people/settings', { method: 'PUT', body: settings })
}
