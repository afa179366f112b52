/// <reference path="../../.pb-types/types.d.ts" />
// The follow-up mail, as { subject, html, text }. Pure: plain data in, strings out.
// A personal, plain mail from the consultant: the consultant's own text with the placeholders
// filled in, one call to action (the booking link, as a button when it stands on its own line),
// and a footer with the stop link. It reuses the results mail's building blocks
// (lib/mail-templates.js) without its branded frame, so it reads like a note, not a newsletter.

const { escapeHtml, oneLine, safeUrl, toText } = require('./mail-escape.js')
const templates = require('./mail-templates.js')

const { INK, MUTED, SPRUCE, ACCENT } = templates.colours
const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g
// The booking button's one label, as on the site and in the results mail.
const { BOOK_CALL_LABEL: BOOKING_LABEL } = require('./shared.cjs')

/**
 * @typedef {object} FollowupValues
 * @property {string} firstName  '' when not known ('there' is used)
 * @property {number} score
 * @property {string} band
 * @property {string} weakestSection
 * @property {{ title: string, description: string }} recommendation
 * @property {string} benchmark  the peer sentence, or ''
 */

/**
 * @param {FollowupValues} values
 * @param {string} name
 */
function plainValue(values, name) {
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
    default:
      return null
  }
}

/**
 * A subject with its placeholders filled in, on one line.
 * @param {string} subject
 * @param {FollowupValues} values
 */
function renderSubject(subject, values) {
  const filled = toText(subject).replace(PLACEHOLDER, (whole, name) => {
    const value = name === 'bookingLink' ? null : plainValue(values, name)
    return value === null ? whole : value
  })
  return oneLine(filled, 200)
}

/**
 * The consultant's text with blank runs squeezed: at most one empty line in a row, no spaces at
 * line ends (a placeholder that became nothing leaves none), none at the start or end.
 * @param {string} text
 */
function tidy(text) {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/**
 * The plain-text part of the body (no footer).
 * @param {string} text
 * @param {FollowupValues} values
 * @param {string} bookingUrl
 */
function renderText(text, values, bookingUrl) {
  return tidy(
    toText(text).replace(PLACEHOLDER, (whole, name) => {
      if (name === 'bookingLink') return bookingUrl
      const value = plainValue(values, name)
      return value === null ? whole : value
    }),
  )
}

/**
 * One line of the consultant's text as HTML: escaped, placeholders filled in (the booking link
 * as a link, the recommendation's title in bold).
 * @param {string} line
 * @param {FollowupValues} values
 * @param {string} bookingUrl
 */
function lineHtml(line, values, bookingUrl) {
  let html = ''
  let last = 0
  line.replace(PLACEHOLDER, (whole, name, offset) => {
    html += escapeHtml(line.slice(last, offset))
    last = offset + whole.length
    if (name === 'bookingLink') {
      html += `<a href="${escapeHtml(safeUrl(bookingUrl))}" style="color:${SPRUCE};font-weight:bold;">${escapeHtml(BOOKING_LABEL)}</a>`
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
 * @param {string} text
 * @param {FollowupValues} values
 * @param {string} bookingUrl
 */
function renderHtml(text, values, bookingUrl) {
  const blocks = tidy(
    // Lines that become empty (an unknown benchmark) must not leave an empty paragraph.
    toText(text).replace(/^[ \t]*\{\{\s*benchmark\s*\}\}[ \t]*$/gm, () =>
      values.benchmark ? '{{benchmark}}' : '',
    ),
  ).split(/\n\n/)
  return blocks
    .map((block) => {
      if (/^\{\{\s*bookingLink\s*\}\}$/.test(block.trim())) {
        return templates.button(BOOKING_LABEL, bookingUrl, ACCENT)
      }
      // A placeholder that became nothing at a line's end leaves no space behind.
      const lines = block
        .split('\n')
        .map((line) => lineHtml(line, values, bookingUrl).replace(/\s+$/, ''))
      return templates.paragraph(lines.join('<br>\n'))
    })
    .join('\n')
}

/**
 * A plain page for a personal mail: white, one column, the consultant's font size, no banner.
 * @param {{ title: string, preheader: string, body: string, footer: string }} opts
 */
function personalLayout(opts) {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(opts.title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#ffffff;color:${INK};font-family:${templates.FONT};">`,
    `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(opts.preheader)}</div>`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>',
    '<td style="padding:24px 16px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">',
    `<tr><td style="font-size:16px;line-height:1.6;color:${INK};">`,
    opts.body,
    '</td></tr>',
    `<tr><td style="padding-top:24px;font-size:13px;line-height:1.5;color:${MUTED};">${opts.footer}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n')
}

/**
 * One follow-up mail.
 * @param {{
 *   subject: string,
 *   text: string,
 *   values: FollowupValues,
 *   links: { bookingUrl: string, stopUrl: string, appUrl: string },
 *   businessName: string,
 *   test?: boolean,
 * }} input
 */
function followupMail(input) {
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
    `<a href="${escapeHtml(safeUrl(links.stopUrl))}" style="color:${SPRUCE};">Stop these follow-up e-mails</a>`,
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

/**
 * The placeholders a text uses that are not known, and how often `{{bookingLink}}` appears.
 * @param {string} text
 * @param {string[]} known
 */
function placeholdersIn(text, known) {
  /** @type {string[]} */
  const unknown = []
  let bookingLinks = 0
  toText(text).replace(PLACEHOLDER, (whole, name) => {
    if (name === 'bookingLink') bookingLinks++
    if (known.indexOf(name) < 0 && unknown.indexOf(whole) < 0) unknown.push(whole)
    return whole
  })
  return { unknown, bookingLinks }
}

// --- the consultant's notice of a booking ---------------------------------------------------

/**
 * A person booked a call through the scheduler: for the consultant.
 * @param {{
 *   person: { name: string, email: string },
 *   via: string,
 *   adminUrl: string,
 *   appUrl: string,
 *   businessName: string,
 * }} input
 */
function ownerBookingMail(input) {
  const who = input.person.name
    ? `${oneLine(input.person.name, 80)} (${input.person.email})`
    : input.person.email
  const subject = `Call booked: ${oneLine(who, 160)}`
  const body = [
    templates.heading('A call was booked', 1),
    templates.paragraph(
      `${escapeHtml(who)} booked a call through the scheduler on your site (${escapeHtml(input.via)}).`,
    ),
    templates.paragraph(
      'They are now marked Call booked, and their follow-up e-mails have stopped. The time of the call is in your scheduler.',
    ),
    templates.button('Open their page', input.adminUrl, SPRUCE),
  ].join('\n')
  const text = [
    'A call was booked',
    '',
    `${who} booked a call through the scheduler on your site (${input.via}).`,
    'They are now marked Call booked, and their follow-up e-mails have stopped. The time of the call is in your scheduler.',
    '',
    `Open their page: ${input.adminUrl}`,
  ].join('\n')
  return {
    subject,
    html: templates.layout({
      title: subject,
      preheader: `${who} booked a call.`,
      brand: input.businessName,
      body,
      footer: `Sent by your website (${escapeHtml(input.appUrl)}).`,
    }),
    text,
  }
}

module.exports = { followupMail, ownerBookingMail, placeholdersIn, renderSubject, BOOKING_LABEL }
