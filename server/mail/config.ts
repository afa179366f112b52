// Mail configuration, read from the environment on every call (SMTP_*, MAIL_FROM*, OWNER_EMAIL,
// APP_URL), and the one place that copies it into the app's SMTP settings.
import type { App } from '../platform/events'
import { envFlag, envText } from '../platform/env'
import { paths } from '../../src/config/paths'
import { firstNameOf, phoneHref } from '../../src/config/site-content'
import { publishedContent } from '../site/index'
import { mailFromProblem } from './sender-address'

/** The SMTP server the environment names. */
export interface SmtpServer {
  host: string
  port: number
  username: string
  password: string
  tls: boolean
}

/**
 * The site's links a mail may use; the results mail's `homeUrl` and its own booking and sign-up
 * links carry that mail's token (server/followups/).
 */
export interface MailLinks {
  appUrl: string
  adminUrl: string
  signupUrl: string
  bookingUrl: string
  homeUrl?: string
}

/**
 * How a visitor reaches the consultant, as the site's live content says (the Site tab in the
 * console: server/site/), read when each mail is rendered so a publish reaches the next one.
 */
export interface MailContact {
  businessName: string
  ownerName: string
  ownerFirstName: string
  /** As written on the site, and its `tel:` link. */
  phone: string
  phoneHref: string
  email: string
  /** The business's postal address, one line each. */
  postalAddress: string[]
}

/** Everything the templates and the sender need to know. */
export interface MailConfig {
  smtp: SmtpServer | null
  from: { address: string; name: string }
  ownerEmail: string
  businessName: string
  contact: MailContact
  links: MailLinks
}

/** The consultant's details from the site's live content. */
export function mailContact(app: App): MailContact {
  const content = publishedContent(app)
  return {
    businessName: content.businessName,
    ownerName: content.ownerName,
    ownerFirstName: firstNameOf(content),
    phone: content.phone,
    phoneHref: phoneHref(content),
    email: content.email,
    postalAddress: content.postalAddress,
  }
}

/** SMTP server from env, or null when SMTP_HOST is empty (mail then stays queued). */
function smtpFromEnv(): SmtpServer | null {
  const host = envText('SMTP_HOST')
  if (!host) return null
  const tls = envFlag('SMTP_TLS')
  const port = parseInt(envText('SMTP_PORT'), 10)
  return {
    host,
    port: port > 0 ? port : tls ? 465 : 587,
    username: envText('SMTP_USER'),
    password: envText('SMTP_PASS'),
    tls,
  }
}

/**
 * Who gets the owner's notifications: OWNER_EMAIL, else the sender address rather than nobody.
 * Read on every create, so it stays this cheap.
 */
export function ownerEmail(): string {
  return envText('OWNER_EMAIL') || envText('MAIL_FROM')
}

/**
 * The site's public address from the environment, without a trailing slash ('' when unset):
 * APP_URL, else SITE_URL. They name one address (SITE_URL is what the build calls it, and the
 * build reads APP_URL when SITE_URL is unset), so either one is enough.
 */
export function siteAddressFromEnv(): string {
  return (envText('APP_URL') || envText('SITE_URL')).replace(/\/+$/, '')
}

/** Everything the templates and the sender need to know. */
export function mailConfig(app: App): MailConfig {
  const meta = app.settings().meta
  const appUrl = (siteAddressFromEnv() || meta.appURL || 'http://127.0.0.1:8090').replace(
    /\/+$/,
    '',
  )
  const fromAddress = envText('MAIL_FROM') || meta.senderAddress
  const contact = mailContact(app)
  return {
    smtp: smtpFromEnv(),
    from: {
      address: fromAddress,
      name: envText('MAIL_FROM_NAME') || meta.senderName || contact.businessName,
    },
    ownerEmail: ownerEmail(),
    businessName: envText('MAIL_FROM_NAME') || contact.businessName,
    contact,
    links: {
      appUrl,
      adminUrl: appUrl + paths.auditAdmin,
      signupUrl: appUrl + paths.signup,
      // The site's booking page (its scheduler is the site config's); the results and follow-up
      // mails give it their signed link (server/followups/).
      bookingUrl: appUrl + paths.book,
    },
  }
}

/**
 * Copies the env into the app settings (SMTP server, sender, app URL) and saves them only when
 * something changed. Env wins over the dashboard: with no SMTP_HOST, SMTP is switched off.
 * Throws, touching nothing, when MAIL_FROM is not an address PocketBase accepts: its settings
 * would refuse every later save (a migration's too), and no mail may go out from it.
 */
export function applyMailSettings(app: App): SmtpServer | null {
  const senderProblem = mailFromProblem(envText('MAIL_FROM'))
  if (senderProblem) throw new Error(senderProblem)
  const settings = app.settings()
  const smtp = smtpFromEnv()
  let changed = false
  const put = <T, K extends keyof T>(target: T, key: K, value: T[K]): void => {
    if (target[key] !== value) {
      target[key] = value
      changed = true
    }
  }
  if (smtp) {
    put(settings.smtp, 'enabled', true)
    put(settings.smtp, 'host', smtp.host)
    put(settings.smtp, 'port', smtp.port)
    put(settings.smtp, 'username', smtp.username)
    put(settings.smtp, 'password', smtp.password)
    put(settings.smtp, 'tls', smtp.tls)
  } else {
    put(settings.smtp, 'enabled', false)
  }
  if (envText('MAIL_FROM')) put(settings.meta, 'senderAddress', envText('MAIL_FROM'))
  if (envText('MAIL_FROM_NAME')) put(settings.meta, 'senderName', envText('MAIL_FROM_NAME'))
  const address = siteAddressFromEnv()
  if (address) put(settings.meta, 'appURL', address)
  if (changed) app.save(settings)
  return smtp
}
