// The console's Today list (GET /api/people/today, pb_hooks/people.pb.js): one row per person
// who needs the consultant now, in one request. A person is on it for what came in since they
// were last handled (a call-back request, a message, an audit from someone who showed the address
// is theirs: a verified account, a confirmed sign-up or a clicked results link), or for a next
// step due today or before, on the consultant's clock (SITE_TIME_ZONE). Mark handled, a logged
// call or e-mail and Snooze move `handledAt` (./hooks.ts); what came in before it stays handled.
// Only the last INBOUND_DAYS count: older messages were answered before Today existed.
import { requireConsultant } from '../platform/auth'
import type { App, RequestEvent } from '../platform/events'
import { noStore } from '../platform/request'
import { inList, selectRows } from '../platform/sql'
import type { Params } from '../platform/sql'
import { siteTimeZone } from '../mail/index'
import { toPbTime } from '../../src/config/dates'
import type { TodayAnswer, TodayItem, TodayReason } from './api'

const INBOUND_DAYS = 14
const DAY = 24 * 60 * 60 * 1000
/** The most people of each kind on the list. */
const LIMIT = 200

/** Today's date on the consultant's clock: `2026-11-29`. */
export function siteToday(ms: number): string {
  const zone = siteTimeZone()
  return new DateTime(toPbTime(ms)).time().in(new Timezone(zone)).format('2006-01-02')
}

const PERSON = {
  person: '',
  name: '',
  email: '',
  phone: '',
  status: '',
  nextStep: '',
  nextDue: '',
}
type PersonRow = typeof PERSON

// The person of a record: its relation, kept by the server (./links.ts).
const JOIN = 'JOIN people p ON p.id = x.person'
const PERSON_COLUMNS =
  'p.id AS person, p.name AS name, p.email AS email, p.phone AS phone, p.status AS status, p.nextStep AS nextStep, p.nextDue AS nextDue'

/**
 * The list: what came in, newest first (a person's call-back request named before their message),
 * then next steps by due date.
 */
export function todayList(app: App, now: number): TodayAnswer {
  const today = siteToday(now)
  const since = toPbTime(now - INBOUND_DAYS * DAY)
  const rows: Record<string, TodayItem> = {}
  const add = (row: PersonRow, reason: TodayReason, what: string, at: string) => {
    if (rows[row.person]) return
    rows[row.person] = {
      person: row.person,
      name: row.name,
      email: row.email,
      status: row.status,
      // The person's own number for now (a lead added by hand); a message's, below, wins.
      phone: row.phone,
      reason,
      what,
      at,
      nextStep: row.nextStep,
      nextDue: row.nextDue ? row.nextDue.slice(0, 10) : '',
    }
  }

  // Per person, the latest of each kind (SQLite takes the other columns from the MAX row).
  const latestContacts = (callBacks: boolean) =>
    selectRows(
      app,
      `SELECT ${PERSON_COLUMNS}, x.message AS message, MAX(x.created) AS created
         FROM contacts x ${JOIN}
        WHERE x.created > {:since} AND (p.handledAt = '' OR x.created > p.handledAt)
          AND (x.source = 'call_back') = {:callBacks}
        GROUP BY p.id ORDER BY created DESC LIMIT ${LIMIT}`,
      { since, callBacks: callBacks ? 1 : 0 },
      { ...PERSON, message: '', created: '' },
    )
  // A call-back request before a message, whenever each came.
  for (const c of latestContacts(true)) add(c, 'callback', c.message, c.created)
  for (const c of latestContacts(false)) add(c, 'message', c.message, c.created)

  const audits = selectRows(
    app,
    `SELECT ${PERSON_COLUMNS}, x.overallScore AS score, MAX(x.created) AS created
       FROM audits x ${JOIN}
      WHERE x.created > {:since} AND (p.handledAt = '' OR x.created > p.handledAt)
        AND (p.userId != '' OR p.newsletter = 'active'
             OR EXISTS (SELECT 1 FROM followups f WHERE f.person = p.id AND f.provenAt != ''))
      GROUP BY p.id ORDER BY created DESC LIMIT ${LIMIT}`,
    { since },
    { ...PERSON, score: 0, created: '' },
  )
  for (const a of audits) add(a, 'audit', `Audit: ${a.score}%`, a.created)

  const due = selectRows(
    app,
    `SELECT ${PERSON_COLUMNS}, p.nextDue AS created FROM people p
      WHERE p.nextDue != '' AND substr(p.nextDue, 1, 10) <= {:today}
      ORDER BY p.nextDue LIMIT ${LIMIT}`,
    { today },
    { ...PERSON, created: '' },
  )
  for (const d of due) add(d, 'due', d.nextStep, d.created)

  const items = Object.keys(rows).map((id) => rows[id])
  const inbound = items.filter((i) => i.reason !== 'due').sort((a, b) => (a.at < b.at ? 1 : -1))
  const dueItems = items.filter((i) => i.reason === 'due')
  const list = inbound.concat(dueItems)
  const phones = latestPhones(
    app,
    list.map((item) => item.person),
  )
  for (const item of list) item.phone = phones[item.person] || item.phone
  return { today, items: list }
}

/** The number each person last left in a message or call-back request, in one query. */
function latestPhones(app: App, people: string[]): Record<string, string> {
  const phones: Record<string, string> = {}
  if (!people.length) return phones
  const params: Params = {}
  // SQLite takes `phone` from the row of MAX(created).
  const rows = selectRows(
    app,
    `SELECT person, phone, MAX(created) AS created FROM contacts
      WHERE person IN (${inList('p', people, params)}) AND phone != ''
      GROUP BY person`,
    params,
    { person: '', phone: '', created: '' },
  )
  for (const row of rows) phones[row.person] = row.phone
  return phones
}

/** GET /api/people/today -> { today, items } (the site admin). */
export function readToday(e: RequestEvent): unknown {
  requireConsultant(e, 'Only the site admin can see Today.')
  noStore(e)
  return e.json(200, todayList(e.app, Date.now()))
}
