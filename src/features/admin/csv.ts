// Pure CSV building for the admin exports: RFC 4180 (CRLF rows, fields quoted when they hold
// a comma, quote, CR or LF, quotes doubled) and formula neutralising, so a spreadsheet never
// runs a visitor's text (e.g. `=HYPERLINK(...)`) as a formula (OWASP "CSV injection"). Times
// are written on the consultant's clock (this device's time zone), the zone named in the header.
import type { AuditListItem, ContactListItem, SubscriberListItem } from '../../backend/admin-api'
import { parsePbDate } from '../../config/dates'

export type CsvCell = string | number | boolean | null | undefined

/** Characters that make a spreadsheet treat a cell as a formula (or strip and then run it). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r'])

/** Prefixes `'` to a cell that a spreadsheet would otherwise evaluate. */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]) ? `'${text}` : text
}

/** One field: neutralised, then quoted if RFC 4180 needs it. */
export function csvField(cell: CsvCell): string {
  const text = neutraliseFormula(cell === null || cell === undefined ? '' : String(cell))
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A whole document: header row, then rows, each line ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',') + '\r\n').join('')
}

/** `audit-submissions-2026-11-21.csv`, using the consultant's local date. */
export function csvFileName(prefix: string, date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${prefix}-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`
}

/** This device's time zone, e.g. `America/New_York`: the consultant's clock, as the console shows. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/**
 * PocketBase's `2026-11-21 10:00:00.123Z` on `timeZone`'s clock, as spreadsheets read a date and
 * time: `2026-11-21 05:00:00`. '' for no time.
 */
export function zonedTimestamp(pbDate: string, timeZone: string): string {
  const date = parsePbDate(pbDate)
  if (!date) return ''
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`
}

/** A time column's header, naming the zone its times are on: `Timestamp (America/New_York)`. */
export function timeHeader(name: string, timeZone: string): string {
  return `${name} (${timeZone})`
}

/** The spec's audit export: Email, Overall Score, Timestamp (on `timeZone`'s clock), Audit ID. */
export function auditsCsv(
  audits: readonly AuditListItem[],
  timeZone: string = localTimeZone(),
): string {
  return toCsv(
    ['Email', 'Overall Score', timeHeader('Timestamp', timeZone), 'Audit ID'],
    audits.map((a) => [a.email, a.overallScore, zonedTimestamp(a.created, timeZone), a.id]),
  )
}

export function contactsCsv(
  contacts: readonly ContactListItem[],
  timeZone: string = localTimeZone(),
): string {
  return toCsv(
    [
      'Name',
      'Email',
      'Message',
      'Source',
      'Audit ID',
      timeHeader('Timestamp', timeZone),
      'Processed',
    ],
    contacts.map((c) => [
      c.name,
      c.email,
      c.message,
      c.source,
      c.auditId,
      zonedTimestamp(c.created, timeZone),
      c.processed ? 'yes' : 'no',
    ]),
  )
}

export function subscribersCsv(
  subscribers: readonly SubscriberListItem[],
  timeZone: string = localTimeZone(),
): string {
  return toCsv(
    [
      'Email',
      'Source',
      timeHeader('Timestamp', timeZone),
      'Status',
      timeHeader('Confirmed', timeZone),
    ],
    subscribers.map((s) => [
      s.email,
      s.source,
      zonedTimestamp(s.created, timeZone),
      s.status,
      zonedTimestamp(s.confirmedAt, timeZone),
    ]),
  )
}
