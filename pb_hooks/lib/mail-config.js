/// <reference path="../../.pb-types/types.d.ts" />
// Mail configuration, read from the environment on every call (SMTP_*, MAIL_FROM*, OWNER_EMAIL,
// APP_URL), and the one place that copies it into the app's SMTP settings.

// The defaults are the site's own (src/config/site.ts and paths.ts, bundled as lib/shared.cjs).
const { BUSINESS_NAME: DEFAULT_SENDER_NAME, paths } = require('./shared.cjs')

/**
 * @param {string} name
 */
function env(name) {
  return String($os.getenv(name) || '').trim()
}

/**
 * @param {string} value
 */
function isTrue(value) {
  return /^(1|true|yes|on)$/i.test(value)
}

/** SMTP server from env, or null when SMTP_HOST is empty (mail then stays queued). */
function smtpFromEnv() {
  const host = env('SMTP_HOST')
  if (!host) return null
  const tls = isTrue(env('SMTP_TLS'))
  const port = parseInt(env('SMTP_PORT'), 10)
  return {
    host,
    port: port > 0 ? port : tls ? 465 : 587,
    username: env('SMTP_USER'),
    password: env('SMTP_PASS'),
    tls,
  }
}

/**
 * Who gets the owner's notifications: OWNER_EMAIL, else the sender address rather than nobody.
 * Read on every create, so it stays this cheap.
 */
function ownerEmail() {
  return env('OWNER_EMAIL') || env('MAIL_FROM')
}

/**
 * Everything the templates and the sender need to know.
 * @param {core.App} app
 */
function mailConfig(app) {
  const meta = app.settings().meta
  const appUrl = (env('APP_URL') || meta.appURL || 'http://127.0.0.1:8090').replace(/\/+$/, '')
  const fromAddress = env('MAIL_FROM') || meta.senderAddress
  return {
    smtp: smtpFromEnv(),
    from: {
      address: fromAddress,
      name: env('MAIL_FROM_NAME') || meta.senderName || DEFAULT_SENDER_NAME,
    },
    ownerEmail: ownerEmail(),
    businessName: env('MAIL_FROM_NAME') || DEFAULT_SENDER_NAME,
    links: {
      appUrl,
      adminUrl: appUrl + paths.auditAdmin,
      signupUrl: appUrl + paths.signup,
      // The site's booking page (its scheduler is the site config's); the results and follow-up
      // mails give it their signed link (lib/followup-links.js).
      bookingUrl: appUrl + paths.book,
    },
  }
}

/**
 * Copies the env into the app settings (SMTP server, sender, app URL) and saves them only when
 * something changed. Env wins over the dashboard: with no SMTP_HOST, SMTP is switched off.
 * @param {core.App} app
 */
function applyMailSettings(app) {
  const settings = app.settings()
  const smtp = smtpFromEnv()
  let changed = false
  /**
   * @template T
   * @template {keyof T} K
   * @param {T} target @param {K} key @param {T[K]} value
   */
  const put = (target, key, value) => {
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
  if (env('MAIL_FROM')) put(settings.meta, 'senderAddress', env('MAIL_FROM'))
  if (env('MAIL_FROM_NAME')) put(settings.meta, 'senderName', env('MAIL_FROM_NAME'))
  if (env('APP_URL')) put(settings.meta, 'appURL', env('APP_URL').replace(/\/+$/, ''))
  if (changed) app.save(settings)
  return smtp
}

module.exports = { mailConfig, applyMailSettings, ownerEmail }
