// The morning mail to the consultant (./morning-job.ts): Today's list as { subject, html, text },
// one person a row - their name (or address, or number), what came in or the next step, when,
// a link to them in the console and a `tel:` link to the number they left - and a link to Today.
// Plain data in, strings out; every value is escaped, HTML is tables and inline styles only.
import {
  button,
  colours,
  escapeHtml,
  formatTime,
  heading,
  layout,
  oneLine,
  paragraph,
  safeUrl,
} from '../mail/index'
import type { Mail, MailLinks } from '../mail/index'
import type { TodayItem } from './api'

/** The most people one mail lists; the rest are on Today. */
export const MORNING_MAIL_MAX_ROWS = 50

export interface MorningMailInput {
  items: readonly TodayItem[]
  /** Today on the site's clock: `2026-11-29`. */
  today: string
  /** Today in words: `Sunday 29 November`. */
  dayLabel: string
  businessName: string
  links: MailLinks
}

/** One person as the mail lists them. */
interface MorningRow {
  who: string
  /** What came in, or the next step and when it was due. */
  headline: string
  /** The message's first line, the next step, or ''. */
  detail: string
  /** When it came in ('' for a next step: the headline says when it is due). */
  when: string
  /** Their next step besides what came in ('' when none or when it is the headline). */
  nextStep: string
  phone: string
  tel: string
  personUrl: string
}

/** "Today: 1 person needs you" / "Today: 3 people need you". */
export function morningSubject(count: number): string {
  return `Today: ${count} ${count === 1 ? 'person needs' : 'people need'} you`
}

/** A `tel:` link for a number as typed (`(603) 555-0188` -> `tel:6035550188`), or ''. */
export function telLink(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
  return /\d{3,}/.test(digits) ? `tel:${digits}` : ''
}

function firstLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)[0] || ''
  )
}

function describe(item: TodayItem, input: MorningMailInput): MorningRow {
  const who = oneLine(item.name || item.email || item.phone || 'Someone', 80)
  const message = oneLine(firstLine(item.what), 140)
  let headline = ''
  let detail = ''
  let when = formatTime(item.at)
  switch (item.reason) {
    case 'callback':
      headline = 'Asked for a call back'
      detail = message
      break
    case 'message':
      headline = 'Sent a message'
      detail = message
      break
    case 'audit':
      headline = oneLine(item.what, 80)
      break
    case 'due':
      headline =
        item.nextDue && item.nextDue < input.today
          ? `Next step, was due ${item.nextDue}`
          : 'Next step, due today'
      detail = oneLine(item.what, 200)
      when = ''
      break
  }
  return {
    who,
    headline,
    detail,
    when,
    nextStep: item.reason !== 'due' && item.nextStep ? oneLine(item.nextStep, 200) : '',
    phone: oneLine(item.phone, 40),
    tel: telLink(item.phone || ''),
    personUrl: `${input.links.adminUrl}?person=${encodeURIComponent(item.person)}`,
  }
}

function htmlRow(row: MorningRow): string {
  const { INK, MUTED, RULE, SPRUCE } = colours
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:${SPRUCE};font-weight:bold;">${escapeHtml(label)}</a>`
  const lines = [
    `<strong style="font-size:16px;color:${INK};">${escapeHtml(row.who)}</strong>`,
    `<span style="color:${INK};">${escapeHtml(row.headline)}</span>` +
      (row.when ? `<span style="color:${MUTED};"> &middot; ${escapeHtml(row.when)}</span>` : ''),
  ]
  if (row.detail) lines.push(`<span style="color:${MUTED};">${escapeHtml(row.detail)}</span>`)
  if (row.nextStep) {
    lines.push(`<span style="color:${MUTED};">Next step: ${escapeHtml(row.nextStep)}</span>`)
  }
  const actions = [link(safeUrl(row.personUrl), 'Open in the console')]
  if (row.tel) actions.unshift(link(row.tel, `Call ${row.phone}`))
  lines.push(actions.join(' &nbsp;&middot;&nbsp; '))
  return (
    `<tr><td style="padding:12px 0;border-bottom:1px solid ${RULE};font-size:15px;line-height:1.5;word-break:break-word;">` +
    `${lines.join('<br>')}</td></tr>`
  )
}

function textRow(row: MorningRow, index: number): string {
  const lines = [`${index + 1}. ${row.who} - ${row.headline}${row.when ? `, ${row.when}` : ''}`]
  if (row.detail) lines.push(`   ${row.detail}`)
  if (row.nextStep) lines.push(`   Next step: ${row.nextStep}`)
  if (row.tel) lines.push(`   Call: ${row.phone}`)
  lines.push(`   Open: ${row.personUrl}`)
  return lines.join('\n')
}

/** The morning mail of a non-empty Today list. */
export function morningMail(input: MorningMailInput): Mail {
  const count = input.items.length
  const subject = morningSubject(count)
  const rows = input.items.slice(0, MORNING_MAIL_MAX_ROWS).map((item) => describe(item, input))
  const more = count - rows.length
  const title = `${input.dayLabel}: ${count} ${count === 1 ? 'person needs' : 'people need'} you`
  const moreLine = more > 0 ? `And ${more} more on Today.` : ''
  const todayUrl = input.links.adminUrl
  const footer =
    'You get this mail each morning because the morning mail is on (People, in the console); ' +
    'turn it off there. Nothing comes on a morning when nobody needs you.'

  const html = layout({
    title: subject,
    preheader: rows
      .slice(0, 3)
      .map((row) => row.who)
      .join(', '),
    brand: input.businessName,
    body: [
      heading(title, 1),
      paragraph('Who needs you today, as Today in the console lists them.'),
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">${rows.map(htmlRow).join('\n')}</table>`,
      moreLine ? paragraph(escapeHtml(moreLine)) : '',
      button('Open Today', todayUrl, colours.SPRUCE),
    ].join('\n'),
    footer: `${escapeHtml(footer)} Sent by your website (${escapeHtml(input.links.appUrl)}).`,
  })
  const text = [
    title,
    '',
    ...rows.map(textRow),
    ...(moreLine ? ['', moreLine] : []),
    '',
    `Today in the console: ${todayUrl}`,
    '',
    footer,
  ].join('\n')
  return { subject, html, text }
}
