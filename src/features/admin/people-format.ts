// Pure helpers of the lead workspace: a person's timeline from their records, notes and
// pending changes; the Reply mail; the People CSV; and how a first touch reads.
import type { PersonPage, SubscriptionRecord } from '../../backend/people-api'
import type {
  AuditRecord,
  ContactRecord,
  PersonRecord,
  PersonUpdateKind,
} from '../../backend/types'
import { parsePbTime } from '../../config/dates'
import { mailtoHref } from '../../config/email-address'
import { personStatusLabels, type FirstTouch, type PersonStatus } from '../../config/leads'
import { site } from '../../config/site'
import type { PendingPersonUpdate } from '../../offline/admin-cache'
import { localTimeZone, timeHeader, toCsv, zonedTimestamp } from './csv'
import { formatDateTime } from './format'

export type TimelineEntry = { id: string; at: number; pending?: boolean; failed?: boolean } & (
  | { kind: 'audit'; audit: AuditRecord }
  | { kind: 'message'; message: ContactRecord }
  | { kind: 'newsletter'; text: string }
  | { kind: 'status'; status: PersonStatus; bySite?: boolean }
  | { kind: 'note'; text: string; bySite?: boolean }
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
  return entries.sort((a, b) => b.at - a.at)
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

/** The next step to show: the newest pending change of it, else the server's. */
export function shownNextStep(
  person: PersonRecord,
  pending: PendingPersonUpdate[],
): { text: string; due: string; pending: boolean } {
  const mine = pending.filter((p) => p.person === person.id && p.kind === 'next_step')
  const last = mine[mine.length - 1]
  if (last) return { text: last.text ?? '', due: last.due ?? '', pending: true }
  return { text: person.nextStep ?? '', due: (person.nextDue ?? '').slice(0, 10), pending: false }
}

/** A mailto: link with a subject and the context of the latest audit or message. */
export function replyLink(page: PersonPage): string {
  const { person } = page
  const latestAudit = page.audits[0]
  const latestMessage = page.messages[0]
  const greeting = `Hi${person.name ? ` ${firstName(person.name)}` : ''},`
  let subject = `Following up - ${site.businessName}`
  const context: string[] = []
  if (latestAudit && (!latestMessage || latestAudit.created >= latestMessage.created)) {
    subject = `Your Business Efficiency Audit results (${latestAudit.overallScore}%)`
    context.push(
      `Thank you for taking the Business Efficiency Audit on ${formatDateTime(latestAudit.created)}. You scored ${latestAudit.overallScore}% overall.`,
    )
  } else if (latestMessage) {
    subject = `Re: your message to ${site.businessName}`
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
  const body = [greeting, '', ...context, '', '', site.ownerName].join('\n')
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
      'Status',
      'Latest Score',
      'Best Score',
      'Audits',
      'Messages',
      'Newsletter',
      timeHeader('Last Activity', timeZone),
      'First Source',
    ],
    people.map((p) => [
      p.email,
      p.name,
      personStatusLabels[p.status] ?? p.status,
      p.auditCount > 0 ? p.latestScore : '',
      p.auditCount > 0 ? p.bestScore : '',
      p.auditCount,
      p.messageCount,
      newsletterLabels[p.newsletter] ?? p.newsletter,
      zonedTimestamp(p.lastActivityAt, timeZone),
      describeTouch(p.firstTouch),
    ]),
  )
}
