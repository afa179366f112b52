// The account e-mails PocketBase sends itself (verification, password reset, e-mail change, and
// the new-sign-in alert), as the users collection's templates { subject, body }. Rendered once by a
// migration (pb_migrations/1764100000_users_account_mail_templates.js, through the bundle) with
// the results mail's layout; when a mail is sent (./mail-kinds) the placeholders are filled in:
// {APP_URL} (the app URL setting, copied from APP_URL at every start), {TOKEN}, and the business's
// name as the live site content has it at that moment (BUSINESS_NAME in the subject,
// BUSINESS_NAME_HTML, escaped, in the body), so a name changed in the console's Site tab reaches
// these mails too. Every link goes to the site's own pages, never /_/. And the one account mail
// PocketBase knows nothing of: the notice to the old address after an e-mail change, rendered
// here when it is sent.
import { colours, escapeHtml, heading, layout, paragraph } from '../mail/index'
import type { MailContact } from '../mail/index'
import { paths } from '../../src/config/paths'

/** The business's name in a template's subject: filled in as text. */
export const BUSINESS_NAME = '{BUSINESS_NAME}'
/** The business's name in a template's body: filled in HTML-escaped. */
export const BUSINESS_NAME_HTML = '{BUSINESS_NAME_HTML}'

/** A subject, as the body's <title> has it (the name escaped like the rest of the body). */
function asTitle(subject: string): string {
  return subject.split(BUSINESS_NAME).join(BUSINESS_NAME_HTML)
}

/** A users collection template, as PocketBase keeps it. */
export interface AccountMailTemplate {
  subject: string
  body: string
}

/** The token lifetimes of the users collection, in seconds. */
export interface TokenDurations {
  verification: number
  passwordReset: number
  emailChange: number
}

interface AccountMailText {
  subject: string
  preheader: string
  heading: string
  intro: string[]
  button: string
  page: string
  expiry: string
  notYou: string
}

/** `{APP_URL}/verify-email/{TOKEN}`: PocketBase replaces both placeholders. */
function tokenLink(page: string): string {
  return `{APP_URL}${page}/{TOKEN}`
}

// The results mail's button, for a link made of PocketBase placeholders (the results mail's
// own button accepts only finished http(s) URLs).
function tokenButton(label: string, page: string): string {
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0;"><tr>',
    `<td style="border-radius:8px;background:${colours.SPRUCE};">`,
    `<a href="${tokenLink(page)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${colours.SPRUCE};color:#ffffff;font-weight:bold;font-size:16px;text-decoration:none;">${escapeHtml(label)}</a>`,
    '</td></tr></table>',
  ].join('')
}

/** For mail clients that show no buttons: the same link, written out. */
function linkAsText(page: string): string {
  const link = tokenLink(page)
  return paragraph(
    `<span style="font-size:14px;color:${colours.MUTED};">Or copy this link into your browser:<br>` +
      `<a href="${link}" style="color:${colours.SPRUCE};word-break:break-all;">${link}</a></span>`,
  )
}

function accountMail(opts: AccountMailText): AccountMailTemplate {
  const body = [
    heading(opts.heading, 1),
    opts.intro.map((line) => paragraph(escapeHtml(line))).join('\n'),
    tokenButton(opts.button, opts.page),
    linkAsText(opts.page),
    paragraph(escapeHtml(opts.expiry)),
  ].join('\n')
  const footer =
    `${escapeHtml(opts.notYou)}<br>` +
    `Sent by ${BUSINESS_NAME_HTML} (<a href="{APP_URL}" style="color:${colours.SPRUCE};">{APP_URL}</a>).`
  return {
    subject: opts.subject,
    body: layout({
      title: asTitle(opts.subject),
      preheader: opts.preheader,
      brand: BUSINESS_NAME_HTML,
      body,
      footer,
    }),
  }
}

/** A token's lifetime in words: 1800 -> "30 minutes", 259200 -> "3 days". */
export function lifetime(seconds: number): string {
  const units: Array<[number, string]> = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ]
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size
      return `${n} ${name}${n === 1 ? '' : 's'}`
    }
  }
  const minutes = Math.max(1, Math.round(seconds / 60))
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/**
 * The three templates, keyed like the users collection's options. `durations` are the
 * collection's token lifetimes in seconds, so each mail says truly how long its link works.
 */
export function accountMailTemplates(durations: TokenDurations): {
  verificationTemplate: AccountMailTemplate
  resetPasswordTemplate: AccountMailTemplate
  confirmEmailChangeTemplate: AccountMailTemplate
} {
  return {
    verificationTemplate: accountMail({
      subject: `Verify your e-mail for ${BUSINESS_NAME}`,
      preheader: 'One click and your free audits appear in your dashboard.',
      heading: 'Verify your e-mail',
      intro: [
        'Thanks for creating your free dashboard.',
        'Confirm that this address is yours: then the free audits you took with it appear in your dashboard, next to the ones you take there.',
      ],
      button: 'Verify My E-mail',
      page: paths.verifyEmail,
      expiry: `The link works for ${lifetime(durations.verification)}. If it has expired, sign in and ask for a new one.`,
      notYou: 'If you did not create an account, you can ignore this e-mail: nothing happens.',
    }),
    resetPasswordTemplate: accountMail({
      subject: `Reset your ${BUSINESS_NAME} password`,
      preheader: 'Choose a new password for your dashboard.',
      heading: 'Choose a new password',
      intro: ['Someone asked to reset the password of the dashboard for this e-mail address.'],
      button: 'Choose a New Password',
      page: paths.resetPassword,
      expiry: `The link works once, for ${lifetime(durations.passwordReset)}. If it has expired, ask for a new one on the sign-in page.`,
      notYou:
        'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    }),
    confirmEmailChangeTemplate: accountMail({
      subject: `Confirm your new e-mail for ${BUSINESS_NAME}`,
      preheader: 'One click to move your dashboard to this address.',
      heading: 'Confirm your new e-mail',
      intro: [
        'Someone asked to move a dashboard to this e-mail address.',
        'Confirm the change with your password; afterwards you sign in with this address.',
      ],
      button: 'Confirm My New E-mail',
      page: paths.confirmEmailChange,
      expiry: `The link works once, for ${lifetime(durations.emailChange)}. If it has expired, ask for a new one in your dashboard's Settings.`,
      notYou: 'If you did not ask for this, you can ignore this e-mail: nothing changes.',
    }),
  }
}

/**
 * The "new sign-in" alert PocketBase sends when an account signs in from a device it has not
 * seen; {ALERT_INFO} is PocketBase's description of that device. Keyed like the collection's
 * `authAlert.emailTemplate`.
 */
export function authAlertTemplate(): AccountMailTemplate {
  const subject = `New sign-in to your ${BUSINESS_NAME} dashboard`
  const body = [
    heading('A new sign-in to your dashboard', 1),
    paragraph(escapeHtml('Your dashboard was just opened from a device we have not seen before:')),
    paragraph(`<em>{ALERT_INFO}</em>`),
    paragraph(escapeHtml('If that was you, there is nothing to do.')),
    paragraph(
      `<strong>${escapeHtml('If it was not you, choose a new password now: "Forgot password?" on the sign-in page sends you a link. That also signs out every other device.')}</strong>`,
    ),
    `<p style="margin:0 0 12px;"><a href="{APP_URL}${paths.login}" style="color:${colours.SPRUCE};">{APP_URL}${paths.login}</a></p>`,
  ].join('\n')
  return {
    subject,
    body: layout({
      title: asTitle(subject),
      preheader: 'If that was not you, choose a new password.',
      brand: BUSINESS_NAME_HTML,
      body,
      footer: `Sent by ${BUSINESS_NAME_HTML} (<a href="{APP_URL}" style="color:${colours.SPRUCE};">{APP_URL}</a>).`,
    }),
  }
}

/** What the notice to an account's old address says, filled in when it is sent. */
export interface EmailChangedNoticeInput {
  /** The site's address (APP_URL), without a trailing slash. */
  appUrl: string
  /** When the address changed, as the mails write a time ("2026-11-20 21:04 EST"). */
  changedAt: string
  /** How to reach the consultant: the site's live content. */
  contact: Pick<MailContact, 'businessName' | 'phone' | 'email'>
}

/**
 * The notice to the address an account signed in with until now, after it moved to another:
 * it never names the new address (whoever reads the old mailbox is told only that there is one)
 * and says how to get help if the change was not theirs. Rendered when it is sent, so it needs
 * no template in the users collection.
 */
export function emailChangedNotice(input: EmailChangedNoticeInput): {
  subject: string
  html: string
} {
  const business = input.contact.businessName
  const subject = `Your sign-in e-mail for ${business} was changed`
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:${colours.SPRUCE};">${escapeHtml(label)}</a>`
  const body = [
    heading('Your sign-in e-mail was changed', 1),
    paragraph(
      escapeHtml(
        `On ${input.changedAt}, the sign-in e-mail of your ${business} dashboard was changed from this address to another address. ` +
          'From now on you sign in with that address, and password resets and account e-mails go there, not here.',
      ),
    ),
    paragraph(escapeHtml('If you made this change, there is nothing to do.')),
    paragraph(
      `<strong>${escapeHtml('If you did not, someone else may know your password.')}</strong> ` +
        `${escapeHtml('Reply to this e-mail, write to')} ${link(`mailto:${input.contact.email}`, input.contact.email)} ` +
        `${escapeHtml(`or call ${input.contact.phone}, and we will help you get your dashboard back.`)}`,
    ),
  ].join('\n')
  const footer =
    `${escapeHtml('You get this e-mail because this address was the sign-in e-mail of a dashboard on')} ` +
    `${link(input.appUrl, input.appUrl)}.<br>` +
    `Sent by ${escapeHtml(business)}.`
  return {
    subject,
    html: layout({
      title: subject,
      preheader: 'If you did not make this change, reply to this e-mail.',
      brand: business,
      body,
      footer,
    }),
  }
}
