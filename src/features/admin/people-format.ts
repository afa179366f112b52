// Pure helpers of the lead workspace: a person's timeline from their records, notes and
// pending changes; the Reply mail and the number to call; the People CSV; how a first touch and a
// lead added by hand read; the leads added by hand still in the outbox; and the Due list (next
// steps due today or overdue, with the pending changes applied).
import type { DescribedError } from '../../backend/errors'
import type { PeopleFilter, PersonPage, SubscriptionRecord } from '../../backend/people-api'
import type {
  AuditRecord,
  ContactRecord,
  PersonRecord,
  PersonUpdateKind,
} from '../../backend/types'
import { parsePbTime } from '../../config/dates'
import { mailtoHref } from '../../config/email-address'
import { personStatusLabels, type FirstTouch, type PersonStatus } from '../../config/leads'
import { leadSourceLabels, type ManualLeadInput } from '../../config/manual-lead'
import { scoreBand } from '../../config/score-bands'
import type { SiteContent } from '../../config/site-content'
import type { PendingPersonUpdate } from '../../offline/admin-cache'
import type { OutboxItem } from '../../offline/db'
import { localTimeZone, timeHeader, toCsv, zonedTimestamp } from './csv'
import { formatDateTime } from './format'

export type TimelineEntry = { id: string; at: number; pending?: boolean; failed?: boolean } & (
  | { kind: 'audit'; audit: AuditRecord }
  | { kind: 'message'; message: ContactRecord }
  | { kind: 'newsletter'; text: string }
  | { kind: 'status'; status: PersonStatus; bySite?: boolean }
  | { kind: 'note'; text: string; bySite?: boolean }
  /** The consultant added them by hand: where they came from. */
  | { kind: 'added'; text: string }
)

const newsletterWords: Record<string, string> = {
  pending: 'Signed up for the newsletter (not confirmed yet)',
  active: 'Signed up for the newsletter',
  unsubscribed: 'Signed up for the newsletter (since unsubscribed)',
}

function subscriptionEntries(sub: SubscriptionRecord): TimelineEntry[] {
  const status = sub.status || (sub.active === false ? 'unsubscribed' : 'active')
  const entries: TimelineEntry[] = [
    {
      id: `${sub.id}:signup`,
      kind: 'newsletter',
      at: parsePbTime(sub.created),
      text: newsletterWords[status] ?? 'Signed up for the newsletter',
    },
  ]
  if (sub.confirmedAt) {
    entries.push({
      id: `${sub.id}:confirmed`,
      kind: 'newsletter',
      at: parsePbTime(sub.confirmedAt),
      text: 'Confirmed the newsletter',
    })
  }
  if (status === 'unsubscribed' && sub.updated && sub.updated !== sub.created) {
    entries.push({
      id: `${sub.id}:unsubscribed`,
      kind: 'newsletter',
      at: parsePbTime(sub.updated),
      text: 'Unsubscribed from the newsletter',
    })
  }
  return entries
}

/** `Dec 1, 2026` for a stored date or `2026-12-01` ('' for none). */
export function formatDay(value: string): string {
  const day = value.slice(0, 10)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return ''
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y, m - 1, d).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })
}

/** A consultant's update other than a status change, in the timeline's words. */
export function updateText(kind: PersonUpdateKind, text: string, due: string): string {
  switch (kind) {
    case 'next_step':
      if (!text && !due) return 'Next step cleared'
      return `Next step: ${text || '(no text)'}${due ? ` · due ${formatDay(due)}` : ''}`
    case 'called':
      return 'Called'
    case 'emailed':
      return 'E-mailed'
    case 'handled':
      return due ? `Snoozed to ${formatDay(due)}` : 'Marked handled'
    default:
      return text
  }
}

/** Everything that happened with a person, newest first; pending changes on top. */
export function personTimeline(page: PersonPage, pending: PendingPersonUpdate[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...page.audits.map((audit): TimelineEntry => ({
      id: audit.id,
      kind: 'audit',
      at: parsePbTime(audit.created),
      audit,
    })),
    ...page.messages.map((message): TimelineEntry => ({
      id: message.id,
      kind: 'message',
      at: parsePbTime(message.created),
      message,
    })),
    ...(page.subscription ? subscriptionEntries(page.subscription) : []),
    ...page.updates.map((u): TimelineEntry =>
      u.kind === 'status' && u.status
        ? {
            id: u.id,
            kind: 'status',
            at: parsePbTime(u.created),
            status: u.status,
            bySite: u.origin === 'site',
          }
        : {
            id: u.id,
            kind: 'note',
            at: parsePbTime(u.created),
            text: updateText(u.kind, u.text, u.due ?? ''),
            bySite: u.origin === 'site',
          },
    ),
  ]
  const delivered = new Set(page.updates.map((u) => u.id))
  for (const p of pending) {
    if (p.person !== page.person.id || delivered.has(p.id)) continue
    entries.push(
      p.kind === 'status' && p.status
        ? {
            id: p.id,
            kind: 'status',
            at: p.createdAt,
            status: p.status,
            pending: true,
            failed: p.failed,
          }
        : {
            id: p.id,
            kind: 'note',
            at: p.createdAt,
            text: updateText(p.kind, p.text ?? '', p.due ?? ''),
            pending: true,
            failed: p.failed,
          },
    )
  }
  // Last in, so it stays below the first note made in the same moment (the sort is stable).
  const origin = leadOrigin(page.person)
  if (origin)
    entries.push({
      id: `${page.person.id}:added`,
      kind: 'added',
      at: parsePbTime(page.person.created),
      text: origin,
    })
  return entries.sort((a, b) => b.at - a.at)
}

/** "Added by hand · Phone call" for a lead the consultant added; '' for someone from the site. */
export function leadOrigin(person: Pick<PersonRecord, 'source'>): string {
  const source = person.source
  if (!source) return ''
  return `Added by hand · ${leadSourceLabels[source] ?? source}`
}

/** How to reach them, under their name: the e-mail address, else the phone number. */
export function personContact(person: Pick<PersonRecord, 'email' | 'phone'>): string {
  return person.email || person.phone || ''
}

/** The number for Call: the one typed for them, else the latest one they left in a message. */
export function callNumber(page: PersonPage): string {
  return page.person.phone || page.messages.find((m) => m.phone)?.phone || ''
}

/** The status to show: the newest pending status change, else the server's. */
export function shownStatus(
  person: PersonRecord,
  pending: PendingPersonUpdate[],
): {
  status: PersonStatus
  pending: boolean
} {
  const mine = pending.filter((p) => p.person === person.id && p.kind === 'status' && p.status)
  const last = mine[mine.length - 1]
  return last?.status
    ? { status: last.status, pending: true }
    : { status: person.status, pending: false }
}

/** "Pat" from "Pat Example"; '' without a name. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? ''
}

/**
 * The next step to show: the server's, with the pending changes applied in order as the server
 * will (server/people/hooks.ts `applyPersonUpdate`): a new next step replaces it, a Snooze moves
 * its due date, and Mark handled clears a due date on or before `today` (without `today`, it is
 * left as it is). `pending` says whether a waiting change made it differ.
 */
export function shownNextStep(
  person: PersonRecord,
  pending: PendingPersonUpdate[],
  today = '',
): { text: string; due: string; pending: boolean } {
  const shown = {
    text: person.nextStep ?? '',
    due: (person.nextDue ?? '').slice(0, 10),
    pending: false,
  }
  for (const p of pending) {
    if (p.person !== person.id) continue
    if (p.kind === 'next_step') {
      Object.assign(shown, { text: p.text ?? '', due: p.due ?? '', pending: true })
    } else if (p.kind === 'handled' && p.due) {
      Object.assign(shown, { due: p.due, pending: true })
    } else if (p.kind === 'handled' && today && shown.due && shown.due <= today) {
      Object.assign(shown, { due: '', pending: true })
    }
  }
  return shown
}

/** Today's date on the clock of `timeZone` at `now`: `2026-11-29` (UTC for a zone not known). */
export function dayIn(now: number, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now)
  } catch {
    return new Date(now).toISOString().slice(0, 10)
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/**
 * Whether a person is in the People list narrowed by `filter`, judged on the device: the same
 * rules as the server's filter (`peopleFilter` in src/backend/people-api.ts), with their pending
 * status change applied. For the Due list built offline, where the server cannot be asked.
 */
export function matchesPeopleFilter(
  person: PersonRecord,
  filter: PeopleFilter,
  pending: PendingPersonUpdate[],
): boolean {
  const search = filter.search.trim().toLowerCase()
  if (search) {
    const fields = [person.email, person.name, person.phone ?? '', ...(person.previousEmails ?? [])]
    if (!fields.some((field) => field.toLowerCase().includes(search))) return false
  }
  if (filter.status && shownStatus(person, pending).status !== filter.status) return false
  if (filter.band) {
    const band = person.auditCount > 0 ? scoreBand(person.latestScore) : 'none'
    if (band !== filter.band) return false
  }
  if (filter.since && !(parsePbTime(person.lastActivityAt) >= filter.since.getTime())) return false
  return true
}

/**
 * The Due list: each of `people` (the first of an id counts) whose next step, once the pending
 * changes arrive, is due on `today` or before; the longest overdue first, then the most recently
 * active.
 */
export function duePeople(
  people: readonly PersonRecord[],
  pending: PendingPersonUpdate[],
  today: string,
): PersonRecord[] {
  const seen = new Set<string>()
  const due: { person: PersonRecord; day: string }[] = []
  for (const person of people) {
    if (seen.has(person.id)) continue
    seen.add(person.id)
    const day = shownNextStep(person, pending, today).due
    if (day && day <= today) due.push({ person, day })
  }
  return due
    .sort(
      (a, b) =>
        a.day.localeCompare(b.day) ||
        b.person.lastActivityAt.localeCompare(a.person.lastActivityAt),
    )
    .map((d) => d.person)
}

/** A mailto: link with a subject and the context of the latest audit or message, signed by the
 *  owner; '' without an address (a lead added with a phone number only). */
export function replyLink(
  page: PersonPage,
  sender: Pick<SiteContent, 'businessName' | 'ownerName'>,
): string {
  const { person } = page
  if (!person.email) return ''
  const latestAudit = page.audits[0]
  const latestMessage = page.messages[0]
  const greeting = `Hi${person.name ? ` ${firstName(person.name)}` : ''},`
  let subject = `Following up - ${sender.businessName}`
  const context: string[] = []
  if (latestAudit && (!latestMessage || latestAudit.created >= latestMessage.created)) {
    subject = `Your Business Efficiency Audit results (${latestAudit.overallScore}%)`
    context.push(
      `Thank you for taking the Business Efficiency Audit on ${formatDateTime(latestAudit.created)}. You scored ${latestAudit.overallScore}% overall.`,
    )
  } else if (latestMessage) {
    subject = `Re: your message to ${sender.businessName}`
    const quoted = latestMessage.message
      .split(/\r?\n/)
      .map((line) => `> ${line}`)
      .join('\n')
    context.push(
      `Thank you for your message of ${formatDateTime(latestMessage.created)}:`,
      '',
      quoted,
    )
  }
  const body = [greeting, '', ...context, '', '', sender.ownerName].join('\n')
  return mailtoHref(person.email, { subject, body })
}

/** "google.com · newsletter / email / spring · landed on /free-audit"; '' for none. */
export function describeTouch(touch: FirstTouch | null | undefined): string {
  if (!touch) return ''
  const parts: string[] = []
  if (touch.referrer) parts.push(touch.referrer)
  const utm = [touch.utmSource, touch.utmMedium, touch.utmCampaign].filter(Boolean).join(' / ')
  if (utm) parts.push(utm)
  if (touch.path) parts.push(`landed on ${touch.path}`)
  return parts.join(' · ')
}

export const newsletterLabels: Record<string, string> = {
  '': 'No',
  pending: 'Pending',
  active: 'Subscribed',
  unsubscribed: 'Unsubscribed',
}

/** The People export. */
export function peopleCsv(
  people: readonly PersonRecord[],
  timeZone: string = localTimeZone(),
): string {
  return toCsv(
    [
      'Email',
      'Name',
      'Phone',
      'Status',
      'Latest Score',
      'Best Score',
      'Audits',
      'Messages',
      'Newsletter',
      timeHeader('Last Activity', timeZone),
      'Source',
      'First Source',
    ],
    people.map((p) => [
      p.email,
      p.name,
      p.phone ?? '',
      personStatusLabels[p.status] ?? p.status,
      p.auditCount > 0 ? p.latestScore : '',
      p.auditCount > 0 ? p.bestScore : '',
      p.auditCount,
      p.messageCount,
      newsletterLabels[p.newsletter] ?? p.newsletter,
      zonedTimestamp(p.lastActivityAt, timeZone),
      p.source ? (leadSourceLabels[p.source] ?? p.source) : 'Website',
      describeTouch(p.firstTouch),
    ]),
  )
}

/** A lead added by hand that is still in the outbox, as People shows it above the list. */
export interface PendingLead extends ManualLeadInput {
  /** The outbox item's id: the person's id once the server has it. */
  id: string
  createdAt: number
  /** The server refused it: it waits for the consultant to change or discard it. */
  failed: boolean
  /** Why, in the server's words ("E-mail: Already in People."); '' while it waits. */
  refusal: string
  /** The server's message for each field it named, for the form when the lead is edited. */
  fieldErrors: Record<string, string>
}

const leadFieldLabels: Record<keyof ManualLeadInput, string> = {
  name: 'Name',
  phone: 'Phone',
  email: 'E-mail',
  source: 'Where they came from',
  note: 'Note',
}

/** The server's refusal of a lead, field by field in the form's words. */
export function leadRefusal(error: DescribedError | undefined): string {
  if (!error) return 'The server refused it.'
  const fields = Object.entries(error.fieldErrors).map(
    ([field, message]) => `${leadFieldLabels[field as keyof ManualLeadInput] ?? field}: ${message}`,
  )
  return fields.length > 0 ? fields.join(' ') : error.serverMessage || 'The server refused it.'
}

/** The leads added by hand among the outbox's items (queued, sending or refused), oldest first. */
export function pendingLeads(items: readonly OutboxItem[]): PendingLead[] {
  return items
    .filter((item) => item.collection === 'people')
    .map((item) => {
      const failed = item.status === 'failed'
      return {
        ...(item.payload as ManualLeadInput),
        id: item.id,
        createdAt: item.createdAt,
        failed,
        refusal: failed ? leadRefusal(item.lastError) : '',
        fieldErrors: failed ? { ...(item.lastError?.fieldErrors ?? {}) } : {},
      }
    })
}
