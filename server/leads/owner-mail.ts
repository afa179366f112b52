// The owner's notifications of a new contact message and of a completed audit, as
// { subject, html, text }. Pure: plain data in, strings out. Visitor text is escaped, never
// interpreted; HTML uses tables and inline styles only (many mail clients drop <style> blocks).
import { contactSourceLabels, flowLabels, label } from '../../src/config/labels'
import {
  button,
  colours,
  escapeHtml,
  escapeMultiline,
  formatTime,
  heading,
  layout,
  oneLine,
  paragraph,
  toText,
} from '../mail/index'
import type { Mail, MailLinks } from '../mail/index'
import type { StoredAudit, StoredContact } from './mail-data'
import { BANDS, normaliseResults, overallOf, sectionScoreTable, textSectionScores } from './results'

const { INK, MUTED, SPRUCE } = colours

/** Label (text) and value (HTML) rows. */
function detailsTable(rows: Array<[string, string]>): string {
  const body = rows
    .map(
      (row) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;font-size:14px;color:${MUTED};font-weight:normal;white-space:nowrap;">${escapeHtml(row[0])}</th>` +
        `<td style="padding:6px 0;font-size:15px;color:${INK};word-break:break-word;">${row[1]}</td></tr>`,
    )
    .join('\n')
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 12px;">${body}</table>`
}

export function ownerContactSubject(contact: StoredContact): string {
  const source = label(contactSourceLabels, toText(contact.source))
  return `New message from ${oneLine(contact.name, 80)} (${source})`
}

export function ownerAuditSubject(audit: StoredAudit): string {
  return `New audit: ${overallOf(audit)}% from ${oneLine(audit.email, 120)}`
}

/** A new contact message, for the owner. */
export function ownerContactMail(input: {
  contact: StoredContact
  businessName: string
  links: MailLinks
}): Mail {
  const contact = input.contact
  const links = input.links
  const source = label(contactSourceLabels, toText(contact.source))
  const subject = ownerContactSubject(contact)
  const rows: Array<[string, string]> = [
    ['Name', escapeHtml(contact.name)],
    [
      'E-mail',
      `<a href="mailto:${escapeHtml(contact.email)}" style="color:${SPRUCE};">${escapeHtml(contact.email)}</a>`,
    ],
    ['Source', escapeHtml(source)],
  ]
  if (contact.phone) rows.push(['Phone', escapeHtml(contact.phone)])
  if (contact.auditId) rows.push(['Audit ID', escapeHtml(contact.auditId)])
  rows.push(['Received', escapeHtml(formatTime(contact.created))])
  if (contact.userAgent) rows.push(['User agent', escapeHtml(contact.userAgent)])

  const body = [
    heading('New contact message', 1),
    detailsTable(rows),
    `<div style="margin:0 0 16px;padding:12px 16px;background:#f2eee4;border-radius:6px;color:${INK};">${escapeMultiline(contact.message)}</div>`,
    paragraph('Reply to this e-mail to answer the sender directly.'),
    button('Open the admin view', links.adminUrl, SPRUCE),
  ].join('\n')

  const text = [
    'New contact message',
    '',
    `Name: ${oneLine(contact.name, 200)}`,
    `E-mail: ${toText(contact.email)}`,
    `Source: ${source}`,
  ]
  if (contact.phone) text.push(`Phone: ${oneLine(contact.phone, 40)}`)
  if (contact.auditId) text.push(`Audit ID: ${oneLine(contact.auditId, 64)}`)
  text.push(`Received: ${formatTime(contact.created)}`)
  if (contact.userAgent) text.push(`User agent: ${oneLine(contact.userAgent, 512)}`)
  text.push('', 'Message:', toText(contact.message), '', `Admin view: ${links.adminUrl}`)

  return {
    subject,
    html: layout({
      title: subject,
      preheader: oneLine(contact.message, 90),
      brand: input.businessName,
      body,
      footer: `Sent by your website (${escapeHtml(links.appUrl)}).`,
    }),
    text: text.join('\n'),
  }
}

/** A completed audit (any flow), for the owner. */
export function ownerAuditMail(input: {
  audit: StoredAudit
  sectionOrder?: string[]
  businessName: string
  links: MailLinks
}): Mail {
  const audit = input.audit
  const links = input.links
  const results = normaliseResults(audit, input.sectionOrder)
  const band = BANDS[results.band]
  const flow = label(flowLabels, toText(audit.flow))
  const subject = ownerAuditSubject(audit)
  const rows: Array<[string, string]> = [
    [
      'E-mail',
      `<a href="mailto:${escapeHtml(audit.email)}" style="color:${SPRUCE};">${escapeHtml(audit.email)}</a>`,
    ],
    [
      'Overall score',
      `<strong style="color:${band.color};">${results.overall}% (${escapeHtml(band.label)})</strong>`,
    ],
    ['Audit ID', escapeHtml(audit.id)],
    ['Flow', escapeHtml(flow)],
    ['Newsletter', audit.newsletterSubscription ? 'Yes' : 'No'],
    ['Completed', escapeHtml(formatTime(audit.completedAt || audit.created))],
    ['User agent', escapeHtml(audit.userAgent || '(none)')],
  ]
  const body = [
    heading('New audit completed', 1),
    detailsTable(rows),
    results.sectionScores.length > 0 ? heading('Section scores', 2) : '',
    results.sectionScores.length > 0 ? sectionScoreTable(results.sectionScores) : '',
    '<div style="height:16px;"></div>',
    button('Open the admin view', links.adminUrl, SPRUCE),
  ].join('\n')

  const text = [
    'New audit completed',
    '',
    `E-mail: ${toText(audit.email)}`,
    `Overall score: ${results.overall}% (${band.label})`,
    `Audit ID: ${toText(audit.id)}`,
    `Flow: ${flow}`,
    `Newsletter: ${audit.newsletterSubscription ? 'Yes' : 'No'}`,
    `Completed: ${formatTime(audit.completedAt || audit.created)}`,
    `User agent: ${oneLine(audit.userAgent || '(none)', 512)}`,
  ]
  if (results.sectionScores.length > 0) {
    text.push('', 'Section scores:', textSectionScores(results.sectionScores))
  }
  text.push('', `Admin view: ${links.adminUrl}`)

  return {
    subject,
    html: layout({
      title: subject,
      preheader: `${results.overall}% - ${flow}`,
      brand: input.businessName,
      body,
      footer: `Sent by your website (${escapeHtml(links.appUrl)}).`,
    }),
    text: text.join('\n'),
  }
}
