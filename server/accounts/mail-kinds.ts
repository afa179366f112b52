// The account mails (verification, password reset, e-mail change, new sign-in alert) as kinds of
// the delivery queue. PocketBase builds them inside its request handlers; the mailer hooks
// (./mail-queue) take each message and queue it here instead of sending it. A row is rendered
// when it is sent, from the users collection's own templates (the site's look and links,
// pb_migrations/1764100000_users_account_mail_templates.js) with a token made at that moment, so
// a mail delayed by an SMTP outage still carries a link that works for its full lifetime. The
// body is not kept on the row: it carries a live token. The fifth, the notice to the old address
// after an e-mail change, is queued by ./email-change and rendered from ./mail-templates.
// Per address, at most ACCOUNT_MAIL_CAP.perDay of each kind a day and none within
// ACCOUNT_MAIL_CAP.spacingMinutes of another (src/config/limits.ts).
import type { App } from '../platform/events'
import { objectOf } from '../platform/json'
import { permanentError } from '../queue/index'
import type { DeliveryJob, DeliveryKind, DeliveryRow, Rendered } from '../queue/index'
import { escapeHtml, formatTime, mailConfig, ownerEmail } from '../mail/index'
import { ACCOUNT_MAIL_CAP } from '../../src/config/limits'
import { EMAIL_CHANGED_KIND } from './email-changed-kind'
import { BUSINESS_NAME, BUSINESS_NAME_HTML, emailChangedNotice } from './mail-templates'

/** The account the row was queued for; an account deleted since is a permanent failure. */
function account(app: App, row: DeliveryRow): core.Record {
  try {
    return app.findRecordById('users', row.sourceId)
  } catch (err) {
    if (/no rows/i.test(String(err))) {
      throw permanentError('The account no longer exists; nothing to send.')
    }
    throw err
  }
}

/** A users template with PocketBase's placeholders and the business's live name filled in. */
function fill(app: App, template: core.EmailTemplate, values: Record<string, string>): Rendered {
  const config = mailConfig(app)
  const placeholders: Record<string, string> = Object.assign(
    {
      '{APP_NAME}': String(app.settings().meta.appName),
      '{APP_URL}': config.links.appUrl,
      [BUSINESS_NAME]: config.contact.businessName,
      [BUSINESS_NAME_HTML]: escapeHtml(config.contact.businessName),
    },
    values,
  )
  const resolved = template.resolve(placeholders)
  return { subject: resolved[0], html: resolved[1], text: '' }
}

/** A mail to the account's own address: sent only while the address is the one it was asked for. */
function addressChanged(user: core.Record, row: DeliveryRow): boolean {
  return user.getString('email').trim().toLowerCase() !== row.recipient
}

const CHANGED = 'The account has another e-mail address now.'

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#34;': '"',
}

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#34);/g, (entity) => ENTITIES[entity] || entity)
}

function accountKind(
  render: (app: App, row: DeliveryRow) => Rendered,
  more: Partial<DeliveryKind> = {},
): DeliveryKind {
  return Object.assign(
    {
      channel: 'mail',
      class: 'account',
      perRecipientPerDay: ACCOUNT_MAIL_CAP.perDay,
      recipientSpacingMinutes: ACCOUNT_MAIL_CAP.spacingMinutes,
      keepBody: false,
      render,
    },
    more,
  )
}

// The same loose check as the queue's: a Reply-To the consultant can be reached at.
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The account mails, in the order the queue lists them. */
export const kinds: Record<string, DeliveryKind> = {
  account_verification: accountKind((app, row) => {
    const user = account(app, row)
    if (user.verified()) return { cancel: 'The address was verified since.' }
    if (addressChanged(user, row)) return { cancel: CHANGED }
    const users = user.collection()
    return fill(app, users.verificationTemplate, { '{TOKEN}': user.newVerificationToken() })
  }),
  account_password_reset: accountKind(
    (app, row) => {
      const user = account(app, row)
      if (addressChanged(user, row)) return { cancel: CHANGED }
      const users = user.collection()
      return fill(app, users.resetPasswordTemplate, { '{TOKEN}': user.newPasswordResetToken() })
    },
    {
      // The account's current password (a digest of its token key, which PocketBase renews when
      // the password changes): a reset link that was used starts the count again.
      capScope(app: App, job: DeliveryJob): string {
        const user = app.findRecordById('users', String(job.sourceId || ''))
        return $security.hs256(user.getString('tokenKey'), 'password-reset-cap').slice(0, 16)
      },
    },
  ),
  account_email_change: accountKind((app, row) => {
    const user = account(app, row)
    const newEmail = String(objectOf(row.payload).newEmail || '')
    if (!newEmail || newEmail.toLowerCase() !== row.recipient) {
      throw permanentError('The new address is missing from the queued mail.')
    }
    if (user.getString('email').toLowerCase() === row.recipient) {
      return { cancel: 'The account moved to this address already.' }
    }
    const users = user.collection()
    return fill(app, users.confirmEmailChangeTemplate, {
      '{TOKEN}': user.newEmailChangeToken(newEmail),
    })
  }),
  account_auth_alert: accountKind(
    (app, row) => {
      const user = account(app, row)
      if (addressChanged(user, row)) return { cancel: CHANGED }
      const users = user.collection()
      // PocketBase's description of the device (time, IP, user agent), which it HTML-escapes:
      // unescaped and escaped again, so it is escaped exactly once whatever PocketBase does.
      return fill(app, users.authAlert.emailTemplate, {
        '{ALERT_INFO}': escapeHtml(unescapeHtml(String(objectOf(row.payload).info || ''))),
      })
    },
    {
      // A verified account is its owner's: every new device is worth telling about. The cap is
      // for an account opened with a stranger's address, which can never be verified.
      capExempt(app: App, job: DeliveryJob): boolean {
        return app.findRecordById('users', String(job.sourceId || '')).verified()
      },
    },
  ),
  // Needs nothing of the account: it goes even if the account was deleted since (whoever
  // changed the address may have deleted it too), and names only the site, never the new address.
  [EMAIL_CHANGED_KIND]: accountKind((app, row) => {
    const config = mailConfig(app)
    const notice = emailChangedNotice({
      appUrl: config.links.appUrl,
      contact: config.contact,
      changedAt: formatTime(objectOf(row.payload).changedAt || row.created),
    })
    const owner = ownerEmail()
    const rendered: Rendered = { subject: notice.subject, html: notice.html, text: '' }
    if (ADDRESS.test(owner)) rendered.replyTo = owner
    return rendered
  }),
}
