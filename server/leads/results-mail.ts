// The free audit's results, mailed to the visitor, as { subject, html, text }. Pure: plain data
// in, strings out. It carries only the product's own content (scores, bands and advice from the
// audit engine, and our own links), never text the visitor typed (other-texts, e-mail), so the
// form cannot relay spam.
import { payoffSentence, recommendationHours } from '../../src/audit/payoff'
import type { PayoffAssumptions } from '../../src/audit/payoff'
import { messages } from '../../src/config/messages'
import { button, colours, escapeHtml, heading, layout, paragraph, safeUrl } from '../mail/index'
import type { Mail, MailContact, MailLinks } from '../mail/index'
import type { StoredAudit } from './mail-data'
import { BANDS, normaliseResults, overallOf, sectionScoreTable, textSectionScores } from './results'

const { INK, MUTED, SPRUCE, ACCENT } = colours
/** The strategy-call button's one label (the site's button too). */
const BOOK_CALL_LABEL = messages.bookCall

export function visitorResultsSubject(audit: StoredAudit): string {
  return `Your Business Efficiency Audit results: ${overallOf(audit)}%`
}

/** The free audit's results for the visitor. */
export function visitorResultsMail(input: {
  audit: StoredAudit
  sectionOrder?: string[]
  businessName: string
  links: MailLinks
  /** How to reach the consultant: the site's live content. */
  consultant?: MailContact
  /** The payoff model's assumptions in force: each top recommendation's hours and dollars. */
  payoff?: PayoffAssumptions
}): Mail {
  const links = input.links
  const results = normaliseResults(input.audit, input.sectionOrder)
  const payoffs = results.top.map((item) => topPayoff(input.audit, item, input.payoff))
  const band = BANDS[results.band]
  const subject = visitorResultsSubject(input.audit)

  const html: string[] = []
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
            `<div style="margin-top:4px;color:${INK};">${escapeHtml(item.description)}</div>` +
            (payoffs[i]
              ? `<div style="margin-top:6px;font-weight:bold;color:${SPRUCE};">${escapeHtml(payoffs[i])}</div>`
              : '') +
            '</div>',
        )
        .join('\n'),
    )
  }
  html.push(heading('What next?', 2))
  html.push(paragraph('Book a free 15-minute call and we will go through your results together.'))
  html.push(button(BOOK_CALL_LABEL, links.bookingUrl, ACCENT))
  const contact = input.consultant
  if (contact) {
    html.push(
      paragraph(
        `${escapeHtml(`Rather talk now? Call ${contact.ownerFirstName} at`)} ` +
          `<a href="${escapeHtml(contact.phoneHref)}" style="color:${SPRUCE};">${escapeHtml(contact.phone)}</a> ` +
          `${escapeHtml('or write to')} <a href="mailto:${escapeHtml(contact.email)}" style="color:${SPRUCE};">${escapeHtml(contact.email)}</a>.`,
      ),
    )
  }
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
      if (payoffs[i]) text.push(`   ${payoffs[i]}`)
    })
    text.push('')
  }
  text.push(
    'What next?',
    'Book a free 15-minute call and we will go through your results together:',
    `${BOOK_CALL_LABEL}: ${links.bookingUrl}`,
    ...(input.consultant
      ? [
          `Rather talk now? Call ${input.consultant.ownerFirstName} at ${input.consultant.phone} or write to ${input.consultant.email}.`,
        ]
      : []),
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

/** What one top recommendation may be worth, in a sentence ('' when it carries no payoff). */
function topPayoff(
  audit: StoredAudit,
  item: { title: string; section: string },
  assumptions: PayoffAssumptions | undefined,
): string {
  if (!assumptions || !audit.answers) return ''
  const sectionScore = Number(audit.scores?.sectionScores?.[item.section])
  if (!Number.isFinite(sectionScore)) return ''
  const hours = recommendationHours(item, audit.answers, sectionScore, assumptions)
  return payoffSentence(hours, assumptions.hourlyRate, assumptions.weeksPerYear)
}
