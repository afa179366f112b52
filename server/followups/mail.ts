// The follow-up mail, as { subject, html, text }. Pure: plain data in, strings out.
// A personal, plain mail from the consultant: the consultant's own text with the placeholders
// filled in, one call to action (the booking link, as a button when it stands on its own line),
// and a footer with the stop link. It reuses the results mail's building blocks (server/mail/)
// without its branded frame, so it reads like a note, not a newsletter.
import {
  FONT,
  button,
  colours,
  escapeHtml,
  oneLine,
  paragraph,
  safeUrl,
  toText,
} from '../mail/index'
import { messages } from '../../src/config/messages'
import type { RenderedMail } from './api'

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g
// The booking button's one label, as on the site and in the results mail.
export const BOOKING_LABEL = messages.bookCall

/** What a follow-up mail's placeholders stand for (server/followups/values.ts). */
export interface FollowupValues {
  /** '' when not known ('there' is used). */
  firstName: string
  score: number
  band: string
  weakestSection: string
  recommendation: { title: string; description: string }
  /** The peer sentence, or ''. */
  benchmark: string
  /** What the recommendation may be worth, in a sentence, or '' (a strong section). */
  payoff: string
}

function plainValue(values: FollowupValues, name: string): string | null {
  switch (name) {
    case 'firstName':
      return values.firstName || 'there'
    case 'score':
      return String(values.score)
    case 'band':
      return values.band
    case 'weakestSection':
      return values.weakestSection
    case 'recommendation': {
      const rec = values.recommendation
      if (!rec.title) return rec.description
      return rec.description ? `${rec.title}. ${rec.description}` : rec.title
    }
    case 'benchmark':
      return values.benchmark
    case 'payoff':
      return values.payoff
    default:
      return null
  }
}

/** A subject with its placeholders filled in, on one line. */
export function renderSubject(subject: string, values: FollowupValues): string {
  const filled = toText(subject).replace(PLACEHOLDER, (whole: string, name: string) => {
    const value = name === 'bookingLink' ? null : plainValue(values, name)
    return value === null ? whole : value
  })
  return oneLine(filled, 200)
}

/**
 * The consultant's text with blank runs squeezed: at most one empty line in a row, no spaces at
 * line ends (a placeholder that became nothing leaves none), none at the start or end.
 */
function tidy(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** The plain-text part of the body (no footer). */
function renderText(text: string, values: FollowupValues, bookingUrl: string): string {
  return tidy(
    toText(text).replace(PLACEHOLDER, (whole: string, name: string) => {
      if (name === 'bookingLink') return bookingUrl
      const value = plainValue(values, name)
      return value === null ? whole : value
    }),
  )
}

/**
 * One line of the consultant's text as HTML: escaped, placeholders filled in (the booking link
 * as a link, the recommendation's title in bold).
 */
function lineHtml(line: string, values: FollowupValues, bookingUrl: string): string {
  let html = ''
  let last = 0
  line.replace(PLACEHOLDER, (whole: string, name: string, offset: number) => {
    html += escapeHtml(line.slice(last, offset))
    last = offset + whole.length
    if (name === 'bookingLink') {
      html += `<a href="${escapeHtml(safeUrl(bookingUrl))}" style="color:${colours.SPRUCE};font-weight:bold;">${escapeHtml(BOOKING_LABEL)}</a>`
    } else if (name === 'recommendation' && values.recommendation.title) {
      const rec = values.recommendation
      html += `<strong>${escapeHtml(rec.title)}.</strong>`
      if (rec.description) html += ` ${escapeHtml(rec.description)}`
    } else {
      const value = plainValue(values, name)
      html += escapeHtml(value === null ? whole : value)
    }
    return whole
  })
  return html + escapeHtml(line.slice(last))
}

/**
 * The body as HTML paragraphs (blank lines between them in the text); a paragraph that is only
 * `{{bookingLink}}` is the mail's button.
 */
function renderHtml(text: string, values: FollowupValues, bookingUrl: string): string {
  const blocks = tidy(
    // Lines that become empty (an unknown benchmark) must not leave an empty paragraph.
    toText(text).replace(/^[ \t]*\{\{\s*benchmark\s*\}\}[ \t]*$/gm, () =>
      values.benchmark ? '{{benchmark}}' : '',
    ),
  ).split(/\n\n/)
  return blocks
    .map((block) => {
      if (/^\{\{\s*bookingLink\s*\}\}$/.test(block.trim())) {
        return button(BOOKING_LABEL, bookingUrl, colours.ACCENT)
      }
      // A placeholder that became nothing at a line's end leaves no space behind.
      const lines = block
        .split('\n')
        .map((line) => lineHtml(line, values, bookingUrl).replace(/\s+$/, ''))
      return paragraph(lines.join('<br>\n'))
    })
    .join('\n')
}

/** A plain page for a personal mail: white, one column, the consultant's font size, no banner. */
function personalLayout(opts: {
  title: string
  preheader: string
  body: string
  footer: string
}): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(opts.title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#ffffff;color:${colours.INK};font-family:${FONT};">`,
    `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(opts.preheader)}</div>`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>',
    '<td style="padding:24px 16px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">',
    `<tr><td style="font-size:16px;line-height:1.6;color:${colours.INK};">`,
    opts.body,
    '</td></tr>',
    `<tr><td style="padding-top:24px;font-size:13px;line-height:1.5;color:${colours.MUTED};">${opts.footer}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n')
}

/** What one follow-up mail is made of. */
export interface FollowupMailInput {
  subject: string
  text: string
  values: FollowupValues
  links: { bookingUrl: string; stopUrl: string; appUrl: string }
  businessName: string
  test?: boolean
}

/** One follow-up mail. */
export function followupMail(input: FollowupMailInput): RenderedMail {
  const links = input.links
  const subject = (input.test ? '[Test] ' : '') + renderSubject(input.subject, input.values)
  const bodyText = renderText(input.text, input.values, links.bookingUrl)
  const why = `You get this because you took the Business Efficiency Audit on ${links.appUrl}.`
  const testNote = input.test
    ? 'This is a test of a follow-up: its links do not stop or count anything.'
    : ''
  const footerHtml = [
    testNote ? `<strong>${escapeHtml(testNote)}</strong><br>` : '',
    `${escapeHtml(why)} `,
    `<a href="${escapeHtml(safeUrl(links.stopUrl))}" style="color:${colours.SPRUCE};">Stop these follow-up e-mails</a>`,
    ` (the ${escapeHtml(input.businessName)} newsletter, if you get it, is not affected).`,
  ].join('')
  const text = [
    bodyText,
    '',
    '--',
    testNote,
    why,
    `Stop these follow-up e-mails: ${links.stopUrl}`,
    `(the ${toText(input.businessName)} newsletter, if you get it, is not affected)`,
  ]
    .filter((line, i) => line !== '' || i === 1)
    .join('\n')
  return {
    subject,
    html: personalLayout({
      title: subject,
      preheader: oneLine(renderText(input.text, input.values, ''), 90),
      body: renderHtml(input.text, input.values, links.bookingUrl),
      footer: footerHtml,
    }),
    text,
  }
}

/** The placeholders a text uses that are not known, and how often `{{bookingLink}}` appears. */
export function placeholdersIn(
  text: string,
  known: readonly string[],
): { unknown: string[]; bookingLinks: number } {
  const unknown: string[] = []
  let bookingLinks = 0
  toText(text).replace(PLACEHOLDER, (whole: string, name: string) => {
    if (name === 'bookingLink') bookingLinks++
    if (known.indexOf(name) < 0 && unknown.indexOf(whole) < 0) unknown.push(whole)
    return whole
  })
  return { unknown, bookingLinks }
}
