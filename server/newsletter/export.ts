// The active subscribers as CSV for a mailing tool. The header names are the ones Mailchimp,
// MailerLite and Buttondown recognise on import (`email`, `name`), plus the consent record
// (`confirmed_at`, `source` in the admin console's words). Cells are written like the admin
// console's exports (src/features/admin/csv.ts): RFC 4180, and a cell a spreadsheet would run as
// a formula gets a leading `'`.
import type { App } from '../platform/events'
import { selectRows } from '../platform/sql'
import { label, newsletterSourceLabels } from '../../src/config/labels'

const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r']

function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (text.length > 0 && FORMULA_TRIGGERS.indexOf(text[0]) >= 0) text = `'${text}`
  return /[\u0022,\r\n]/.test(text) ? `"${text.split('"').join('""')}"` : text
}

/** PocketBase's "2026-11-21 10:00:00.123Z" as ISO 8601 without milliseconds. */
function isoTime(pbTime: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(String(pbTime || ''))
  return match ? `${match[1]}T${match[2]}Z` : ''
}

export function subscribersExportCsv(app: App): string {
  const rows = selectRows(
    app,
    "SELECT s.email AS email, IFNULL(MAX(u.fullName), '') AS name, " +
      "IFNULL(s.confirmedAt, '') AS confirmedAt, s.source AS source " +
      'FROM newsletter_subscriptions s LEFT JOIN users u ON lower(u.email) = s.email AND u.verified = 1 ' +
      "WHERE s.status = 'active' GROUP BY s.id ORDER BY s.confirmedAt, s.email",
    {},
    { email: '', name: '', confirmedAt: '', source: '' },
  )
  const lines = [['email', 'name', 'confirmed_at', 'source']]
  for (const row of rows) {
    lines.push([
      row.email,
      row.name,
      isoTime(row.confirmedAt),
      label(newsletterSourceLabels, row.source),
    ])
  }
  return lines.map((line) => line.map(csvField).join(',') + '\r\n').join('')
}
