// Pure CSV building for the admin exports: RFC 4180 (CRLF rows, fields quoted when they hold
// a comma, quote, CR or LF, quotes doubled) and formula neutralising, so a spreadsheet never
// runs a visitor's text (e.g. `=HYPERLINK(...)`) as a formula (OWASP "CSV injection").
import type { AuditListItem, ContactListItem, SubscriberListItem } from '../../backend/admin-api'

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

/** PocketBase's `2026-11-21 10:00:00.123Z` as ISO 8601 (`2026-11-21T10:00:00.123Z`). */
export function isoTimestamp(pbDate: string): string {
  return pbDate ? pbDate.replace(' ', 'T') : ''
}

/** The spec's audit export: Email, Overall Score, Timestamp, Audit ID. */
export function auditsCsv(audits: readonly AuditListItem[]): string {
  return toCsv(
    ['Email', 'Overall Score', 'Timestamp', 'Audit ID'],
    audits.map((a) => [a.email, a.overallScore, isoTimestamp(a.created), a.id]),
  )
}

export function contactsCsv(contacts: readonly ContactListItem[]): string {
  return toCsv(
    ['Name', 'Email', 'Message', 'Source', 'Audit ID', 'Timestamp', 'Processed'],
    contacts.map((c) => [
      c.name,
      c.email,
      c.message,
      c.source,
      c.auditId,
      isoTimestamp(c.created),
      c.processed ? 'yes' : 'no',
    ]),
  )
}

export function subscribersCsv(subscribers: readonly SubscriberListItem[]): string {
  return toCsv(
    ['Email', 'Source', 'Timestamp', 'Status', 'Confirmed'],
    subscribers.map((s) => [
      s.email,
      s.source,
      isoTimestamp(s.created),
      s.status,
      isoTimestamp(s.confirmedAt),
    ]),
  )
}
