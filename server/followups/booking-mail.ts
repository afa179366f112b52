// The consultant's notice that a person booked a call through the scheduler, as
// { subject, html, text }. Pure: plain data in, strings out; the branded frame of the owner's
// other mails (server/mail/).
import { button, colours, escapeHtml, heading, layout, oneLine, paragraph } from '../mail/index'
import type { RenderedMail } from './api'

export interface OwnerBookingInput {
  person: { name: string; email: string }
  /** How the person was named (the results e-mail, a follow-up e-mail, ...). */
  via: string
  adminUrl: string
  appUrl: string
  businessName: string
}

/** A person booked a call through the scheduler: for the consultant. */
export function ownerBookingMail(input: OwnerBookingInput): RenderedMail {
  const who = input.person.name
    ? `${oneLine(input.person.name, 80)} (${input.person.email})`
    : input.person.email
  const subject = `Call booked: ${oneLine(who, 160)}`
  const body = [
    heading('A call was booked', 1),
    paragraph(
      `${escapeHtml(who)} booked a call through the scheduler on your site (${escapeHtml(input.via)}).`,
    ),
    paragraph(
      'They are now marked Call booked, and their follow-up e-mails have stopped. The time of the call is in your scheduler.',
    ),
    button('Open their page', input.adminUrl, colours.SPRUCE),
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
    html: layout({
      title: subject,
      preheader: `${who} booked a call.`,
      brand: input.businessName,
      body,
      footer: `Sent by your website (${escapeHtml(input.appUrl)}).`,
    }),
    text,
  }
}
