// Mail: its settings from the environment, escaping, the building blocks of every e-mail, the
// `mail` channel of the delivery queue (SMTP), and the sender's routes.
// SMTP comes from env on every start: SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_TLS,
// MAIL_FROM, MAIL_FROM_NAME; OWNER_EMAIL receives the notifications; APP_URL is used for links.
import { flush, mailHealth } from './sender'
import { applySettingsAtStart } from './start'

export { applyMailSettings, mailConfig, mailContact, ownerEmail } from './config'
/** Why MAIL_FROM cannot be the sender ('' when it can); `npm start` asks before PocketBase runs. */
export { MAIL_FROM_EXAMPLE, mailFromProblem } from './sender-address'
export type { MailConfig, MailContact, MailLinks, SmtpServer } from './config'
export { escapeHtml, escapeMultiline, oneLine, safeUrl, toText } from './escape'
export { FONT, button, colours, formatTime, heading, layout, paragraph } from './templates'
export type { LayoutOptions, Mail } from './templates'
export { channel, classify, stringHeaders } from './channel'
/** The mails' clock by default; the launcher (scripts/start.mjs) runs the process on it. */
export { SITE_TIME_ZONE, siteTimeZone } from './templates'

/** The routes PocketBase calls (mail.pb.js). */
export const routes = {
  /** POST /api/mail/flush (superusers): a run of the sender now, or as if at `{now}`. */
  flush,
  /** GET /api/mail/health (the site admin, superusers): how mail is doing. */
  health: mailHealth,
}

/** The hooks PocketBase calls (mail.pb.js). */
export const hooks = {
  /** onBootstrap: the SMTP settings from the environment, and one log line about them. */
  applySettingsAtStart,
}
