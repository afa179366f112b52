/// <reference path="../../.pb-types/types.d.ts" />
// The `mail` channel of the delivery queue: SMTP through PocketBase's mail client, with the
// settings copied from the environment (lib/mail-config.js) at the start of every run.
// Faults, as a mail server sees them: an SMTP 5xx answer is a permanent refusal (the row fails at
// once with the server's words), except the authentication codes (530, 534, 535, 538), which say
// our relay login is wrong - a fault of ours that a fixed password cures, so it is retried like
// a refused connection, a timeout, a 4xx answer or SMTP not configured at all.

/** @typedef {import('./delivery-types').DeliveryChannel} DeliveryChannel */
/** @typedef {import('./delivery-types').ChannelContext} ChannelContext */
/** @typedef {import('./delivery-types').DeliveryRow} DeliveryRow */
/** @typedef {import('./delivery-types').Rendered} Rendered */

/** @type {typeof import('./mail-config.js')} */
const mailConfigModule = require('./mail-config.js')
/** @type {typeof import('./delivery-errors.js')} */
const { errorText } = require('./delivery-errors.js')

// Our login to the relay failed: the mail itself was not refused.
const AUTH_CODES = ['530', '534', '535', '538']

/**
 * The SMTP settings for one run, or why mail cannot be sent.
 * @param {core.App} app
 * @returns {ChannelContext}
 */
function prepare(app) {
  let smtp = null
  try {
    // Every run, not only at startup: on a new database the settings migration runs after
    // bootstrap and resets the sender.
    smtp = mailConfigModule.applyMailSettings(app)
  } catch (err) {
    return {
      configured: false,
      reason: `The mail settings from the environment are not valid: ${errorText(err)}`,
    }
  }
  if (!smtp) return { configured: false, reason: 'SMTP is not configured (SMTP_HOST is empty).' }
  return { configured: true, from: mailConfigModule.mailConfig(app).from }
}

/**
 * Extra headers kept with a row or rendered: a JSON object of strings; anything else is dropped.
 * @param {unknown} value
 * @returns {Record<string, string>}
 */
function stringHeaders(value) {
  /** @type {Record<string, string>} */
  const headers = {}
  let parsed = value
  if (typeof value === 'string') {
    try {
      parsed = value ? JSON.parse(value) : null
    } catch (_) {
      parsed = null
    }
  }
  if (parsed && typeof parsed === 'object') {
    const record = /** @type {Record<string, unknown>} */ (parsed)
    for (const name of Object.keys(record)) {
      if (typeof record[name] === 'string') headers[name] = /** @type {string} */ (record[name])
    }
  }
  return headers
}

/**
 * Sends one rendered mail to the row's recipient; throws the mail client's error.
 * @param {core.App} app
 * @param {ChannelContext} context
 * @param {DeliveryRow} row
 * @param {Rendered} mail
 */
function send(app, context, row, mail) {
  const from = /** @type {{ address: string, name: string }} */ (context.from)
  const headers = stringHeaders(mail.headers || {})
  if (mail.replyTo) headers['Reply-To'] = mail.replyTo
  const message = new MailerMessage({
    from: { address: from.address, name: mail.fromName || from.name },
    to: [{ address: row.recipient }],
    subject: mail.subject || '',
    html: mail.html || '',
    // Empty: the mail client writes the plain-text part from the HTML.
    text: mail.text || '',
    headers,
  })
  app.newMailClient().send(message)
}

/**
 * PocketBase's mail client reports an SMTP answer as its code and text (`550 "No such user"`),
 * a transport fault as Go's error (`dial tcp ...: connect: connection refused`).
 * @param {unknown} error
 * @returns {{ message: string, permanent: boolean }}
 */
function classify(error) {
  const message = errorText(error)
  const code = /^(\d{3})\b/.exec(message)
  const permanent = !!code && code[1].charAt(0) === '5' && AUTH_CODES.indexOf(code[1]) < 0
  return {
    message: permanent ? `Refused by the mail server: ${message}` : message,
    permanent,
  }
}

/** @type {DeliveryChannel} */
const mailChannel = { name: 'mail', prepare, send, classify }

module.exports = { mailChannel, classify, stringHeaders }
