// The newsletter's confirmation mail (double opt-in), as { subject, html, text }. Pure: plain
// data in, strings out; every value escaped. Built from the mail area's blocks and colours.
import {
  button,
  colours,
  escapeHtml,
  heading,
  layout,
  oneLine,
  paragraph,
  safeUrl,
  toText,
} from '../mail/index'
import type { Mail } from '../mail/index'
import type { SubscriptionLinks } from './links'

export interface ConfirmMailInput {
  email: string
  businessName: string
  links: { appUrl: string }
  subscription: Pick<SubscriptionLinks, 'confirmUrl' | 'unsubscribeUrl'>
}

export function newsletterConfirmSubject(businessName: string): string {
  return `Please confirm your subscription to ${oneLine(businessName, 100)} tips`
}

/**
 * Double opt-in: the link confirms the sign-up; nothing else is sent until it is followed. Like
 * every mail to a subscriber it carries a visible unsubscribe link (and List-Unsubscribe headers,
 * set by its kind, ./kinds).
 */
export function newsletterConfirmMail(input: ConfirmMailInput): Mail {
  const { ACCENT, SPRUCE } = colours
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
