/// <reference path="../../.pb-types/types.d.ts" />
// The three e-mails, as { subject, html, text }. Pure: plain data in, strings out.
// HTML uses tables and inline styles only, because many mail clients drop <style> blocks.
// Every value is escaped; the visitor's results mail carries only the product's own content
// (scores and advice), never text the visitor typed, so the forms cannot relay spam.

const { escapeHtml, escapeMultiline, oneLine, safeUrl, toText } = require('./mail-escape.js')
const {
  BOOK_CALL_LABEL,
  SCORE_BANDS,
  SITE_TIME_ZONE,
  contactSourceLabels,
  flowLabels,
  label,
  scoreBand,
} = require('./shared.cjs')

/**
 * The site's links a mail may use (lib/mail-config.js); the results mail's `homeUrl` and its own
 * booking and sign-up links carry that mail's token (lib/followup-links.js).
 * @typedef {{ appUrl: string, adminUrl: string, signupUrl: string, bookingUrl: string, homeUrl?: string }} MailLinks
 */
/**
 * One piece of advice as the audit engine stores it (a JSON column: read defensively).
 * @typedef {{ title?: string, description?: string, section?: string }} StoredAdvice
 */
/**
 * An audit as lib/mail-kinds.js reads it from its record, JSON columns parsed (null when empty).
 * @typedef {object} StoredAudit
 * @property {string} [id]
 * @property {string} [flow]
 * @property {string} [email]
 * @property {number | null} [overallScore]
 * @property {boolean} [newsletterSubscription]
 * @property {string} [userAgent]
 * @property {string} [completedAt]
 * @property {string} [created]
 * @property {{ overallScore?: number, sectionScores?: Record<string, number> } | null} [scores]
 * @property {{ topRecommendations?: StoredAdvice[], sectionRecommendations?: Record<string, StoredAdvice[]> } | null} [recommendations]
 */
/**
 * A contact message as lib/mail-kinds.js reads it from its record.
 * @typedef {{ name: string, email: string, message: string, source: string, auditId: string, phone: string, userAgent: string, created: string }} StoredContact
 */
/** @typedef {{ subject: string, html: string, text: string }} Mail */
/** @typedef {{ name: string, score: number }} SectionScore */
/** @typedef {{ title: string, description: string, section: string }} Advice */

// The site's score bands and their words (src/config/score-bands.ts), in the site's colours
// (src/styles/global.css --score-*), all AA-contrast on white.
/** @type {Record<string, { color: string, label: string }>} */
const BANDS = {
  green: { color: '#1e7a46', label: SCORE_BANDS.green.word },
  yellow: { color: '#9a6b00', label: SCORE_BANDS.yellow.word },
  red: { color: '#b3261e', label: SCORE_BANDS.red.word },
}
const INK = '#22262a'
const MUTED = '#444b52'
const RULE = '#d5d9dc'
const TRACK = '#e8ebed'
const SPRUCE = '#1f4d3a'
const ACCENT = '#b4531f'
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif"

const MAX_TOP = 3
const MAX_PER_SECTION = 10
const MAX_ADVICE_CHARS = 1000

/**
 * @param {unknown} value
 */
function clampScore(value) {
  const n = Math.round(Number(value))
  if (!isFinite(n)) return 0
  return Math.max(0, Math.min(100, n))
}

/**
 * @param {unknown} value
 * @param {number} max
 */
function clip(value, max) {
  const text = toText(value).trim()
  return text.length > max ? text.slice(0, max - 1) + '\u2026' : text
}

/**
 * Stored PocketBase time ("2026-11-21 02:04:39.807Z") on the consultant's clock, the zone named:
 * "2026-11-20 21:04 EST". The zone is SITE_TIME_ZONE, else the site's (src/config/site.ts); Go's
 * time zone database does the work (the hooks' engine has no Intl).
 * @param {unknown} value
 */
function formatTime(value) {
  const text = toText(value)
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(text)
  if (!match) return text
  const name = String($os.getenv('SITE_TIME_ZONE') || '').trim() || SITE_TIME_ZONE
  try {
    const local = new DateTime(text).time().in(new Timezone(name))
    const zone = local.format('MST')
    // Zones without a common abbreviation print an offset ("-03"): name them instead.
    const label = /^[A-Z]{2,5}$/.test(zone) ? zone : `UTC${local.format('-07:00')} (${name})`
    return `${local.format('2006-01-02 15:04')} ${label}`
  } catch (_err) {
    return `${match[1]} ${match[2]} UTC`
  }
}

// --- building blocks -----------------------------------------------------------------------

/**
 * @param {{ title: string, preheader?: string, brand: string, body: string, footer: string }} opts
 * @returns {string} the whole HTML document
 */
function layout(opts) {
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(opts.title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#faf8f3;color:${INK};font-family:${FONT};">`,
    `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(opts.preheader || '')}</div>`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#faf8f3;">',
    '<tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border:1px solid #d5d9dc;border-radius:10px;">',
    `<tr><td style="padding:20px 24px;background:${SPRUCE};border-radius:10px 10px 0 0;color:#ffffff;font-size:18px;font-weight:bold;">${escapeHtml(opts.brand)}</td></tr>`,
    `<tr><td style="padding:24px;font-size:16px;line-height:1.5;color:${INK};">`,
    opts.body,
    '</td></tr>',
    `<tr><td style="padding:16px 24px;border-top:1px solid ${RULE};font-size:13px;line-height:1.5;color:${MUTED};">${opts.footer}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n')
}

/**
 * @param {string} text
 * @param {number} level
 */
function heading(text, level) {
  const size = level === 1 ? 22 : 18
  return `<h${level} style="margin:24px 0 8px;font-size:${size}px;line-height:1.3;color:${INK};">${escapeHtml(text)}</h${level}>`
}

/**
 * @param {string} html
 */
function paragraph(html) {
  return `<p style="margin:0 0 12px;">${html}</p>`
}

/**
 * @param {string} label
 * @param {string} href
 * @param {string} background
 */
function button(label, href, background) {
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0;"><tr>',
    `<td style="border-radius:8px;background:${background};">`,
    `<a href="${escapeHtml(safeUrl(href))}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${background};color:#ffffff;font-weight:bold;font-size:16px;text-decoration:none;">${escapeHtml(label)}</a>`,
    '</td></tr></table>',
  ].join('')
}

/**
 * A horizontal bar: a filled cell as wide as the score, in the score's band colour.
 * @param {number} score
 */
function scoreBar(score) {
  const band = BANDS[scoreBand(score)]
  const cells = []
  if (score > 0) {
    cells.push(
      `<td width="${score}%" style="width:${score}%;height:10px;background:${band.color};border-radius:5px;font-size:0;line-height:0;">&nbsp;</td>`,
    )
  }
  if (score < 100) {
    cells.push(
      `<td style="height:10px;background:${TRACK};border-radius:5px;font-size:0;line-height:0;">&nbsp;</td>`,
    )
  }
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>${cells.join('')}</tr></table>`
}

/**
 * @param {SectionScore[]} sectionScores
 */
function sectionScoreRows(sectionScores) {
  return sectionScores
    .map((section) => {
      const band = BANDS[scoreBand(section.score)]
      return [
        '<tr>',
        `<td style="padding:10px 0 4px;font-size:15px;color:${INK};">${escapeHtml(section.name)}</td>`,
        `<td align="right" style="padding:10px 0 4px;font-size:15px;font-weight:bold;color:${band.color};white-space:nowrap;">${section.score}%</td>`,
        '</tr>',
        `<tr><td colspan="2">${scoreBar(section.score)}</td></tr>`,
      ].join('')
    })
    .join('\n')
}

/**
 * @param {SectionScore[]} sectionScores
 */
function sectionScoreTable(sectionScores) {
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${sectionScoreRows(sectionScores)}</table>`
}

/**
 * @param {[string, string][]} rows  label (text) and value (HTML)
 */
function detailsTable(rows) {
  const body = rows
    .map(
      (row) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;font-size:14px;color:${MUTED};font-weight:normal;white-space:nowrap;">${escapeHtml(row[0])}</th>` +
        `<td style="padding:6px 0;font-size:15px;color:${INK};word-break:break-word;">${row[1]}</td></tr>`,
    )
    .join('\n')
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 12px;">${body}</table>`
}

/**
 * @param {SectionScore[]} sectionScores
 */
function textSectionScores(sectionScores) {
  return sectionScores.map((s) => `- ${s.name}: ${s.score}%`).join('\n')
}

// --- normalising the stored audit ------------------------------------------------------------

/**
 * Sorts named items in the audit's section order. PocketBase stores JSON objects with sorted
 * keys, so the order the engine produced is lost; items of unknown sections go last.
 * @template {{ name: string }} T
 * @param {T[]} items
 * @param {string[] | undefined} sectionOrder
 * @returns {T[]}
 */
function inSectionOrder(items, sectionOrder) {
  const rank = (/** @type {string} */ name) => {
    const i = (sectionOrder || []).indexOf(name)
    return i < 0 ? Number.MAX_SAFE_INTEGER : i
  }
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank(a.item.name) - rank(b.item.name) || a.i - b.i)
    .map((entry) => entry.item)
}

/**
 * Scores and advice as stored by the audit engine, clamped, capped and in section order.
 * @param {StoredAudit} audit
 * @param {string[] | undefined} sectionOrder
 */
function normaliseResults(audit, sectionOrder) {
  const scores = audit.scores || {}
  const recommendations = audit.recommendations || {}
  const overall = overallOf(audit)
  const sectionScores = inSectionOrder(
    Object.keys(scores.sectionScores || {}).map((name) => ({
      name: clip(name, 120),
      score: clampScore(scores.sectionScores[name]),
    })),
    sectionOrder,
  )
  /** @param {StoredAdvice | undefined} item @returns {Advice} */
  const advice = (item) => ({
    title: clip(item && item.title, 200),
    description: clip(item && item.description, MAX_ADVICE_CHARS),
    section: clip(item && item.section, 120),
  })
  const top = (
    Array.isArray(recommendations.topRecommendations) ? recommendations.topRecommendations : []
  )
    .slice(0, MAX_TOP)
    .map(advice)
    .filter((item) => item.title)
  const bySection = recommendations.sectionRecommendations || {}
  const sectionNames = inSectionOrder(
    Object.keys(bySection).map((name) => ({ name })),
    sectionOrder,
  ).map((entry) => entry.name)
  const sections = sectionNames
    .map((name) => ({
      name: clip(name, 120),
      items: (Array.isArray(bySection[name]) ? bySection[name] : [])
        .slice(0, MAX_PER_SECTION)
        .map(advice)
        .filter((item) => item.title),
    }))
    .filter((section) => section.items.length > 0)
  return { overall, band: scoreBand(overall), sectionScores, top, sections }
}

// --- subjects (cheap: the queue stores them at create time, bodies are rendered later) -------

/**
 * @param {StoredAudit} audit
 */
function overallOf(audit) {
  const scores = audit.scores || {}
  return clampScore(
    audit.overallScore !== undefined && audit.overallScore !== null
      ? audit.overallScore
      : scores.overallScore,
  )
}

/**
 * @param {StoredAudit} audit
 */
function visitorResultsSubject(audit) {
  return `Your Business Efficiency Audit results: ${overallOf(audit)}%`
}

/**
 * @param {StoredContact} contact
 */
function ownerContactSubject(contact) {
  const source = label(contactSourceLabels, toText(contact.source))
  return `New message from ${oneLine(contact.name, 80)} (${source})`
}

/**
 * @param {StoredAudit} audit
 */
function ownerAuditSubject(audit) {
  return `New audit: ${overallOf(audit)}% from ${oneLine(audit.email, 120)}`
}

// --- the visitor's results -------------------------------------------------------------------

/**
 * The free audit's results for the visitor. Only scores, bands and advice from the audit engine
 * plus our own links; nothing the visitor typed (other-texts, e-mail) is in it.
 * @param {{ audit: StoredAudit, sectionOrder?: string[], businessName: string, links: MailLinks }} input
 * @returns {Mail}
 */
function visitorResultsMail(input) {
  const links = input.links
  const results = normaliseResults(input.audit, input.sectionOrder)
  const band = BANDS[results.band]
  const subject = visitorResultsSubject(input.audit)

  const html = []
  html.push(heading('Your Business Efficiency Audit results', 1))
  html.push(
    paragraph(
      'Thanks for taking the free 5-minute Business Efficiency Audit. Here is your full report, with the changes that will save you the most time.',
    ),
  )
  html.push(
    [
      '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:16px 0;"><tr>',
      `<td align="center" valign="middle" width="112" height="112" style="width:112px;height:112px;border:8px solid ${band.color};border-radius:64px;font-size:34px;font-weight:bold;color:${band.color};">${results.overall}%</td>`,
      `<td style="padding-left:20px;font-size:16px;color:${INK};"><div style="font-size:14px;color:${MUTED};">Overall score</div>`,
      `<div style="font-size:20px;font-weight:bold;color:${band.color};">${escapeHtml(band.label)}</div></td>`,
      '</tr></table>',
    ].join(''),
  )
  if (results.sectionScores.length > 0) {
    html.push(heading('Your score by section', 2))
    html.push(sectionScoreTable(results.sectionScores))
  }
  if (results.top.length > 0) {
    html.push(heading(`Top ${results.top.length} Recommendations`, 2))
    html.push(
      results.top
        .map(
          (item, i) =>
            `<div style="margin:0 0 12px;padding:12px 16px;border-left:4px solid ${ACCENT};background:#f2eee4;border-radius:6px;">` +
            `<div style="font-weight:bold;color:${INK};">${i + 1}. ${escapeHtml(item.title)}</div>` +
            (item.section
              ? `<div style="font-size:13px;color:${MUTED};">${escapeHtml(item.section)}</div>`
              : '') +
            `<div style="margin-top:4px;color:${INK};">${escapeHtml(item.description)}</div></div>`,
        )
        .join('\n'),
    )
  }
  html.push(heading('What next?', 2))
  html.push(paragraph('Book a free 15-minute call and we will go through your results together.'))
  html.push(button(BOOK_CALL_LABEL, links.bookingUrl, ACCENT))
  html.push(paragraph('Keep this report and track your progress in a free dashboard.'))
  html.push(button('Create Free Dashboard', links.signupUrl, SPRUCE))

  if (results.sections.length > 0) {
    html.push(heading('Recommendations by section', 2))
    for (const section of results.sections) {
      html.push(
        `<h3 style="margin:16px 0 6px;font-size:16px;color:${SPRUCE};">${escapeHtml(section.name)}</h3>`,
      )
      html.push(
        '<ul style="margin:0 0 8px;padding-left:20px;">' +
          section.items
            .map(
              (item) =>
                `<li style="margin:0 0 6px;"><strong>${escapeHtml(item.title)}</strong>` +
                (item.description ? ` &ndash; ${escapeHtml(item.description)}` : '') +
                '</li>',
            )
            .join('') +
          '</ul>',
      )
    }
  }
  const footer =
    // No audit id: the client makes it, so it is text a stranger could choose for a stranger.
    `You asked for these results on <a href="${escapeHtml(safeUrl(links.homeUrl || links.appUrl))}" style="color:${SPRUCE};">${escapeHtml(links.appUrl)}</a>. ` +
    'If that was not you, you can ignore this e-mail.'

  const text = [
    'Your Business Efficiency Audit results',
    '',
    `Overall score: ${results.overall}% (${band.label})`,
    '',
  ]
  if (results.sectionScores.length > 0) {
    text.push('Your score by section:', textSectionScores(results.sectionScores), '')
  }
  if (results.top.length > 0) {
    text.push(`Top ${results.top.length} Recommendations:`)
    results.top.forEach((item, i) => {
      text.push(`${i + 1}. ${item.title}${item.section ? ` (${item.section})` : ''}`)
      if (item.description) text.push(`   ${item.description}`)
    })
    text.push('')
  }
  text.push(
    'What next?',
    'Book a free 15-minute call and we will go through your results together:',
    `${BOOK_CALL_LABEL}: ${links.bookingUrl}`,
    'Keep this report and track your progress in a free dashboard:',
    `Create Free Dashboard: ${links.signupUrl}`,
    '',
  )
  if (results.sections.length > 0) {
    text.push('Recommendations by section:')
    for (const section of results.sections) {
      text.push('', `${section.name}:`)
      for (const item of section.items) {
        text.push(`- ${item.title}${item.description ? `: ${item.description}` : ''}`)
      }
    }
    text.push('')
  }
  text.push(
    '--',
    `You asked for these results on ${links.homeUrl || links.appUrl}. If that was not you, you can ignore this e-mail.`,
  )

  return {
    subject,
    html: layout({
      title: subject,
      preheader: `Overall score ${results.overall}% - your top recommendations inside.`,
      brand: input.businessName,
      body: html.join('\n'),
      footer,
    }),
    text: text.join('\n'),
  }
}

// --- the owner's notifications --------------------------------------------------------------

/**
 * A new contact message, for the owner. Visitor text is escaped, never interpreted.
 * @param {{ contact: StoredContact, businessName: string, links: MailLinks }} input
 * @returns {Mail}
 */
function ownerContactMail(input) {
  const contact = input.contact
  const links = input.links
  const source = label(contactSourceLabels, toText(contact.source))
  const subject = ownerContactSubject(contact)
  /** @type {[string, string][]} */
  const rows = [
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

/**
 * A completed audit (any flow), for the owner.
 * @param {{ audit: StoredAudit, sectionOrder?: string[], businessName: string, links: MailLinks }} input
 * @returns {Mail}
 */
function ownerAuditMail(input) {
  const audit = input.audit
  const links = input.links
  const results = normaliseResults(audit, input.sectionOrder)
  const band = BANDS[results.band]
  const flow = label(flowLabels, toText(audit.flow))
  const subject = ownerAuditSubject(audit)
  /** @type {[string, string][]} */
  const rows = [
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

// --- the newsletter's confirmation ----------------------------------------------------------

/**
 * @param {string} businessName
 */
function newsletterConfirmSubject(businessName) {
  return `Please confirm your subscription to ${oneLine(businessName, 100)} tips`
}

/**
 * Double opt-in: the link confirms the sign-up; nothing else is sent until it is followed. Like
 * every mail to a subscriber it carries a visible unsubscribe link (and List-Unsubscribe headers,
 * set by the queue).
 * @param {{ email: string, businessName: string, links: MailLinks, subscription: { confirmUrl: string, unsubscribeUrl: string } }} input
 * @returns {Mail}
 */
function newsletterConfirmMail(input) {
  const links = input.links
  const subscription = input.subscription
  const subject = newsletterConfirmSubject(input.businessName)
  const body = [
    heading('Confirm your subscription', 1),
    paragraph(
      `Someone, hopefully you, asked to get business growth tips from ${escapeHtml(input.businessName)} at ${escapeHtml(input.email)}.`,
    ),
    paragraph('Please confirm that this is your address:'),
    button('Yes, subscribe me', subscription.confirmUrl, ACCENT),
    paragraph(
      'If you did not sign up, ignore this e-mail: without a confirmation you will not get anything else from us, and the sign-up is deleted after 30 days.',
    ),
  ].join('\n')
  const footer =
    `You get this e-mail because your address was entered on <a href="${escapeHtml(safeUrl(links.appUrl))}" style="color:${SPRUCE};">${escapeHtml(links.appUrl)}</a>. ` +
    `<a href="${escapeHtml(safeUrl(subscription.unsubscribeUrl))}" style="color:${SPRUCE};">Unsubscribe</a>`
  const text = [
    'Confirm your subscription',
    '',
    `Someone, hopefully you, asked to get business growth tips from ${toText(input.businessName)} at ${toText(input.email)}.`,
    '',
    'Please confirm that this is your address:',
    `Yes, subscribe me: ${subscription.confirmUrl}`,
    '',
    'If you did not sign up, ignore this e-mail: without a confirmation you will not get anything else from us, and the sign-up is deleted after 30 days.',
    '',
    '--',
    `You get this e-mail because your address was entered on ${links.appUrl}.`,
    `Unsubscribe: ${subscription.unsubscribeUrl}`,
  ]
  return {
    subject,
    html: layout({
      title: subject,
      preheader: 'One click to confirm your subscription.',
      brand: input.businessName,
      body,
      footer,
    }),
    text: text.join('\n'),
  }
}

module.exports = {
  // Building blocks and colours, for the account e-mails and the owner's digest.
  layout,
  heading,
  paragraph,
  button,
  formatTime,
  colours: { INK, MUTED, SPRUCE, ACCENT },
  FONT,
  visitorResultsMail,
  ownerContactMail,
  ownerAuditMail,
  visitorResultsSubject,
  ownerContactSubject,
  ownerAuditSubject,
  newsletterConfirmSubject,
  newsletterConfirmMail,
}
