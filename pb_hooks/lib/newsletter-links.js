/// <reference path="../../.pb-types/types.d.ts" />
// The newsletter's signed links: `<record id>.<HMAC-SHA256 of purpose, id and e-mail>`, keyed by
// NEWSLETTER_SECRET or, without it, the generated key in app_secrets. A token for one purpose
// never works for the other, and a changed id, e-mail or signature is refused. Used by the
// newsletter's routes (lib/newsletter.js) and by the mails that carry the links.

/** @type {typeof import('./mail-config.js')} */
const { mailConfig } = require('./mail-config.js')
const { paths } = require('./shared.cjs')

const COLLECTION = 'newsletter_subscriptions'
const TOKEN = /^([a-z0-9]{15})\.([a-f0-9]{64})$/

/** @param {core.App} app */
function signingKey(app) {
  const fromEnv = String($os.getenv('NEWSLETTER_SECRET') || '').trim()
  if (fromEnv) return fromEnv
  return app.findFirstRecordByData('app_secrets', 'name', 'newsletter_links').getString('value')
}

/** @param {core.App} app @param {'confirm' | 'unsubscribe'} purpose @param {core.Record} record */
function tokenFor(app, purpose, record) {
  const signed = `${purpose}:${record.id}:${record.getString('email')}`
  return `${record.id}.${$security.hs256(signed, signingKey(app))}`
}

/**
 * The subscription a token was made for, or null for anything else: malformed, forged, altered,
 * made for the other purpose, or for a row that no longer exists.
 * @param {core.App} app @param {'confirm' | 'unsubscribe'} purpose @param {unknown} token
 */
function recordForToken(app, purpose, token) {
  const match = TOKEN.exec(typeof token === 'string' ? token : '')
  if (!match) return null
  let record
  try {
    record = app.findRecordById(COLLECTION, match[1])
  } catch (_) {
    return null
  }
  return $security.equal(tokenFor(app, purpose, record), match[0]) ? record : null
}

/**
 * The confirm page, the unsubscribe page and the one-click endpoint of one subscription.
 * @param {core.App} app @param {core.Record} record
 */
function linksFor(app, record) {
  const appUrl = mailConfig(app).links.appUrl
  const unsubscribe = tokenFor(app, 'unsubscribe', record)
  return {
    confirmUrl: `${appUrl}${paths.newsletterConfirm}/${tokenFor(app, 'confirm', record)}`,
    unsubscribeUrl: `${appUrl}${paths.newsletterUnsubscribe}/${unsubscribe}`,
    oneClickUrl: `${appUrl}/api/newsletter/unsubscribe?token=${unsubscribe}`,
  }
}

/**
 * RFC 8058 headers for every mail to a subscriber.
 * @param {core.App} app @param {core.Record} record
 * @returns {Record<string, string>}
 */
function unsubscribeHeaders(app, record) {
  return {
    'List-Unsubscribe': `<${linksFor(app, record).oneClickUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

module.exports = { COLLECTION, signingKey, tokenFor, recordForToken, linksFor, unsubscribeHeaders }
