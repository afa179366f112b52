// The `push` channel's kinds: `push_lead` (a new lead, for one device: recipient = the device's
// push_subscriptions id, sourceId = the lead's record, payload.what = what came in) and
// `push_test` (the console's Send test). Leads from one address within the spacing fold into one
// waiting row (./alerts.ts): `payload.more` lists the first MORE_KEPT of them, `payload.extra`
// counts the rest. A row renders into the alert's JSON (src/config/push.ts
// PushAlert) when it is sent: only what the alert shows, a first name, what came in, the score's
// band, never an e-mail address or a message's text. The channel encrypts it for the device.
import { parsePbTime } from '../../src/config/dates'
import { bandWord } from '../../src/config/score-bands'
import type { PushAlert } from '../../src/config/push'
import { PUSH_TTL_SECONDS } from '../../src/config/push'
import type { App } from '../platform/events'
import { objectOf } from '../platform/json'
import { findOrNull } from '../platform/sql'
import type { DeliveryKind, DeliveryRow, Rendered } from '../queue/index'

export const LEAD_KIND = 'push_lead'
export const TEST_KIND = 'push_test'

export type LeadWhat = 'message' | 'call_back' | 'audit' | 'booking'

/** A lead folded into another's row: what came in (`w`) and its record (`s`). */
export interface FoldedLead {
  w: LeadWhat
  s: string
}

/** How many folded leads a row names (for the names and to know a repeat); the rest are counted. */
export const MORE_KEPT = 200
/** The console: Today, the first tab. */
export const CONSOLE_PATH = '/audit-admin'

/** A person's page in the console. */
export function personPath(personId: string): string {
  return `${CONSOLE_PATH}?tab=people&person=${encodeURIComponent(personId)}`
}

/** The first word of a name, at most 40 characters, or '' (no name given). */
export function firstName(name: string): string {
  const first = String(name || '')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim()
    .split(/\s+/)[0]
  return (first || '').slice(0, 40)
}

export interface LeadSummary {
  /** "Ann sent a message" */
  line: string
  /** The person's page, or the console. */
  url: string
  /** The first name, or '' (for "Ann, Bob and 2 more"). */
  name: string
}

function whoOf(name: string): string {
  return firstName(name) || 'Someone'
}

/** A message's person is saved just after the message commits (server/people/ hooks). */
const PERSON_WAIT_MS = 60 * 1000

/**
 * The person's page for a message. The server links a message to its person right after the
 * message's own transaction, so an alert sent in between waits for it (a retry, 10 seconds
 * later) for a minute, then opens the console.
 */
function urlOf(contact: core.Record, row: DeliveryRow): string {
  const person = contact.getString('person')
  if (person) return personPath(person)
  if (Date.now() - parsePbTime(row.created) < PERSON_WAIT_MS) {
    throw new Error('The person of this message is not saved yet.')
  }
  return CONSOLE_PATH
}

/** What the lead of a `push_lead` row says, read now (null: its record is gone). */
export function summarise(app: App, row: DeliveryRow): LeadSummary | null {
  return summariseLead(app, String(objectOf(row.payload).what || '') as LeadWhat, row.sourceId, row)
}

/** What one lead says; `row` is the alert's own row (a folded lead's is the row it joined). */
function summariseLead(
  app: App,
  what: LeadWhat,
  sourceId: string,
  row: DeliveryRow,
): LeadSummary | null {
  if (what === 'message' || what === 'call_back') {
    const contact = findOrNull(app, 'contacts', sourceId)
    if (!contact) return null
    const name = contact.getString('name')
    const line =
      what === 'call_back'
        ? `${whoOf(name)} asked for a call back`
        : `${whoOf(name)} sent a message`
    return { line, url: urlOf(contact, row), name: firstName(name) }
  }
  if (what === 'audit') {
    const audit = findOrNull(app, 'audits', sourceId)
    if (!audit) return null
    // Its job linked it to its person before it queued this alert.
    const person = findOrNull(app, 'people', audit.getString('person'))
    const name = person ? person.getString('name') : ''
    const band = bandWord(audit.getInt('overallScore'))
    return {
      line: `${whoOf(name)} finished the audit: ${band}`,
      url: person ? personPath(person.id) : CONSOLE_PATH,
      name: firstName(name),
    }
  }
  if (what === 'booking') {
    const update = findOrNull(app, 'person_updates', sourceId)
    const person = update ? findOrNull(app, 'people', update.getString('person')) : null
    if (!person) return null
    const name = person.getString('name')
    return {
      line: `${whoOf(name)} booked a call`,
      url: personPath(person.id),
      name: firstName(name),
    }
  }
  return null
}

/** The alert of one lead. */
export function leadAlert(summary: LeadSummary, sourceId: string): PushAlert {
  return {
    title: summary.line,
    body: 'Tap to open their page.',
    url: summary.url,
    tag: `lead-${sourceId}`,
  }
}

/**
 * The alert of several leads sent as one: `count` of them, named by the first `summaries`
 * (at least one).
 */
export function foldedAlert(summaries: LeadSummary[], count = summaries.length): PushAlert {
  const names = summaries.slice(0, 2).map((s) => s.name || 'someone')
  const shown = names.join(', ')
  const more = count - names.length
  return {
    title: `${count} new leads`,
    body: `${shown}${more > 0 ? ` and ${more} more` : ''}. Tap to open Today.`,
    url: CONSOLE_PATH,
    tag: 'leads',
  }
}

export function testAlert(): PushAlert {
  return {
    title: 'Test alert',
    body: 'Alerts work on this device. New leads will show up like this.',
    url: CONSOLE_PATH,
    tag: 'test',
  }
}

function deviceOrCancel(app: App, row: DeliveryRow): Rendered | null {
  return findOrNull(app, 'push_subscriptions', row.recipient)
    ? null
    : { cancel: 'The device was removed.' }
}

/** Minutes to wait after the `attempt`-th failure: 10 s, 1 min, 5 min, then every 30 min. */
function backoffMs(attempt: number): number {
  const seconds = [10, 60, 300, 1800]
  return seconds[Math.min(Math.max(attempt, 1), seconds.length) - 1] * 1000
}

/**
 * A row's alert: its lead's own, or, with leads folded into it, one for all of them (named by
 * the first two still there; the deleted ones not counted).
 */
function renderLeads(app: App, row: DeliveryRow): Rendered {
  const payload = objectOf(row.payload) as { more?: unknown; extra?: unknown }
  const more = (Array.isArray(payload.more) ? payload.more : []) as FoldedLead[]
  const extra = Math.max(0, Number(payload.extra) || 0)
  const own = summarise(app, row)
  if (!more.length) {
    return own
      ? { body: JSON.stringify(leadAlert(own, row.sourceId)) }
      : { cancel: 'The lead was deleted.' }
  }
  const summaries: LeadSummary[] = own ? [own] : []
  for (const folded of more) {
    if (!folded || typeof folded.s !== 'string') continue
    const summary = summariseLead(app, folded.w, folded.s, row)
    if (summary) summaries.push(summary)
  }
  if (!summaries.length) return { cancel: 'The leads were deleted.' }
  const count = summaries.length + extra
  if (count === 1) return { body: JSON.stringify(leadAlert(summaries[0], row.sourceId)) }
  return { body: JSON.stringify(foldedAlert(summaries, count)) }
}

// An alert older than the push service would keep it is no use: give up after a day.
const LIFETIME_HOURS = PUSH_TTL_SECONDS / 3600

export const kinds: Record<string, DeliveryKind> = {
  [LEAD_KIND]: {
    channel: 'push',
    class: 'alert',
    lifetimeHours: LIFETIME_HOURS,
    // Made again on every attempt (a retry names the lead as it is then).
    keepBody: false,
    backoffMs,
    render(app, row) {
      const gone = deviceOrCancel(app, row)
      if (gone) return gone
      return renderLeads(app, row)
    },
  },
  [TEST_KIND]: {
    channel: 'push',
    class: 'alert',
    lifetimeHours: 1,
    keepBody: false,
    backoffMs,
    render(app, row) {
      return deviceOrCancel(app, row) || { body: JSON.stringify(testAlert()) }
    },
  },
}
