// The owner's hourly digest (./owner-digest.ts): every held notification, oldest first, as one
// mail: name, e-mail, score or first line, and a link to the person in the console.
import { paths } from '../../src/config/paths'
import {
  button,
  colours,
  escapeHtml,
  formatTime,
  heading,
  layout,
  mailConfig,
  oneLine,
  paragraph,
  safeUrl,
} from '../mail/index'
import type { App } from '../platform/events'
import { selectRows } from '../platform/sql'
import type { Rendered } from '../queue/index'

export const DIGEST_KIND = 'owner_digest'
// One digest lists at most this many; the rest are in the next one.
const MAX_ITEMS = 500

/** A held notification as the digest reads it from the queue. */
interface HeldRow {
  id: string
  kind: string
  sourceId: string
  created: string
}

/** One held notification as the digest lists it. */
interface DigestItem {
  what: 'Message' | 'Audit'
  name: string
  email: string
  detail: string
  link: string
  when: string
}

function describe(app: App, item: HeldRow): DigestItem {
  const appUrl = mailConfig(app).links.appUrl
  const collection = item.kind === 'owner_contact' ? 'contacts' : 'audits'
  let record: core.Record | null = null
  try {
    record = app.findRecordById(collection, item.sourceId)
  } catch {
    record = null
  }
  const email = record ? record.getString('email') : ''
  let link = appUrl + paths.auditAdmin
  if (email) {
    try {
      const person = app.findFirstRecordByData('people', 'email', email.toLowerCase())
      link = `${appUrl}${paths.auditAdmin}?person=${person.id}`
    } catch {
      // not (yet) a person: the console's front page
    }
  }
  if (!record) {
    return {
      what: item.kind === 'owner_contact' ? 'Message' : 'Audit',
      name: '',
      email: '',
      detail: '(deleted since)',
      link,
      when: item.created,
    }
  }
  if (item.kind === 'owner_contact') {
    const firstLine =
      record
        .getString('message')
        .split(/\r?\n/)
        .filter((l) => l.trim())[0] || ''
    return {
      what: 'Message',
      name: oneLine(record.getString('name'), 80),
      email,
      detail: oneLine(firstLine, 140),
      link,
      when: record.getString('created'),
    }
  }
  return {
    what: 'Audit',
    name: '',
    email,
    detail: `${record.getInt('overallScore')}%`,
    link,
    when: record.getString('created'),
  }
}

/** The digest of every held notification, oldest first. */
export function renderDigest(app: App): Rendered {
  const rows = selectRows(
    app,
    'SELECT id, kind, sourceId, created FROM deliveries ' +
      "WHERE status = 'held' AND class = 'owner' ORDER BY created, id LIMIT {:max}",
    { max: MAX_ITEMS },
    { id: '', kind: '', sourceId: '', created: '' },
  )
  if (rows.length === 0) return { cancel: 'Nothing was waiting for the digest.' }
  const config = mailConfig(app)
  const items = rows.map((row) => describe(app, row))
  const messages = items.filter((item) => item.what === 'Message').length
  const audits = items.length - messages
  const counts = [
    messages ? `${messages} message${messages === 1 ? '' : 's'}` : '',
    audits ? `${audits} audit${audits === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(' and ')
  const subject = `Digest: ${counts} since your last notification`

  const list = items
    .map((item) => {
      const who = item.name
        ? `${escapeHtml(item.name)} &lt;${escapeHtml(item.email)}&gt;`
        : escapeHtml(item.email)
      return (
        `<tr><td valign="top" style="padding:8px 12px 8px 0;border-bottom:1px solid ${colours.RULE};font-size:14px;color:${colours.MUTED};white-space:nowrap;">${escapeHtml(item.what)}<br>${escapeHtml(formatTime(item.when))}</td>` +
        `<td style="padding:8px 0;border-bottom:1px solid ${colours.RULE};font-size:15px;color:${colours.INK};word-break:break-word;">${who}<br>${escapeHtml(item.detail)}<br>` +
        `<a href="${escapeHtml(safeUrl(item.link))}" style="color:${colours.SPRUCE};">Open in the console</a></td></tr>`
      )
    })
    .join('\n')
  const html = layout({
    title: subject,
    preheader: `${counts}: more than you get one by one in an hour.`,
    brand: config.businessName,
    body: [
      heading(`${counts} since your last notification`, 1),
      paragraph(
        'More came in within the hour than you asked to be told about one by one, so here they are together. Every one is also in the console.',
      ),
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">${list}</table>`,
      button('Open the console', config.links.adminUrl, colours.SPRUCE),
    ].join('\n'),
    footer: `Sent by your website (${escapeHtml(config.links.appUrl)}). OWNER_MAIL_PER_HOUR sets how many notifications come one by one.`,
  })
  const text = [
    `${counts} since your last notification`,
    '',
    ...items.map(
      (item) =>
        `- ${item.what}, ${formatTime(item.when)}: ${item.name ? `${item.name} <${item.email}>` : item.email} - ${item.detail}\n  ${item.link}`,
    ),
    '',
    `Console: ${config.links.adminUrl}`,
  ].join('\n')
  return { subject, html, text, payload: { items: rows.map((row) => row.id) } }
}
