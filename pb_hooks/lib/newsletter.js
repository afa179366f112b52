/// <reference path="../../.pb-types/types.d.ts" />
// The newsletter's states. Owns newsletter_subscriptions.status:
//   pending       signed up, confirmation mail queued; removed after PENDING_DAYS
//   active        confirmed from the mail's link (or by a signed-in user with a verified e-mail)
//   unsubscribed  opted out; stays suppressed until a new sign-up is confirmed again
// The signed links are lib/newsletter-links.js (re-exported here).

/** @type {typeof import('./newsletter-links.js')} */
const links = require('./newsletter-links.js')
/** @type {typeof import('./deliveries.js')} */
const deliveries = require('./deliveries.js')

const { COLLECTION, tokenFor, recordForToken, linksFor, unsubscribeHeaders } = links
const PENDING_DAYS = 30
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * Queues the confirmation mail in the delivery queue, within its limits (one per address per
 * MAIL_RESULTS_PER_RECIPIENT_HOURS, 24 by default, so a repeated sign-up changes nothing for the
 * inbox; the daily cap per IP). `clientIp` is the request's address, empty when the server signs
 * up on a visitor's behalf. The mail is rendered when sent, with its signed links and
 * List-Unsubscribe headers. Never throws. Returns true when a mail was queued.
 * @param {core.App} app @param {core.Record} record @param {string} clientIp
 */
function queueConfirmation(app, record, clientIp) {
  try {
    const result = deliveries.enqueue(app, {
      kind: 'newsletter_confirm',
      recipient: record.getString('email'),
      sourceId: record.id,
      clientIp: clientIp || '',
    })
    return result.queued
  } catch (err) {
    app
      .logger()
      .error('newsletter: could not queue the confirmation', 'id', record.id, 'error', String(err))
    return false
  }
}

/** Marks `record` as asking for confirmation now (a new sign-up, or again after leaving). */
function markPending(record) {
  record.set('status', 'pending')
  record.set('requestedAt', new DateTime())
}

/**
 * A sign-up of an address that already has a row: active stays active (and gets no mail);
 * pending or unsubscribed becomes pending and gets a confirmation mail (within the 24-hour cap).
 */
function signUpAgain(app, record, clientIp) {
  if (record.getString('status') === 'active') return
  markPending(record)
  app.save(record)
  queueConfirmation(app, record, clientIp)
}

/**
 * A sign-up made by the server (the audit's newsletter choice, the Settings tab); `clientIp` is
 * the address of the request behind it, for the cap on visitor mail. Never throws.
 */
function signUp(app, email, source, userAgent, clientIp) {
  try {
    const address = String(email || '')
      .trim()
      .toLowerCase()
    if (!address) return
    const existing = app.findRecordsByFilter(COLLECTION, 'email = {:email}', '', 1, 0, {
      email: address,
    })
    if (existing.length > 0) return signUpAgain(app, existing[0], clientIp)
    const record = new Record(app.findCollectionByNameOrId(COLLECTION))
    record.id = $security.randomStringWithAlphabet(15, ID_ALPHABET)
    record.set('email', address)
    record.set('source', source)
    record.set('userAgent', String(userAgent || '').slice(0, 512))
    markPending(record)
    app.save(record)
    queueConfirmation(app, record, clientIp)
  } catch (err) {
    app.logger().error('newsletter: server sign-up failed', 'source', source, 'error', String(err))
  }
}

/** pending -> active. Returns the status after (an unsubscribed row is left alone). */
function confirm(app, record) {
  const status = record.getString('status')
  if (status !== 'pending') return status
  record.set('status', 'active')
  record.set('confirmedAt', new DateTime())
  app.save(record)
  return 'active'
}

function unsubscribe(app, record) {
  if (record.getString('status') !== 'unsubscribed') {
    record.set('status', 'unsubscribed')
    app.save(record)
  }
  return 'unsubscribed'
}

/** Removes pending sign-ups not confirmed within PENDING_DAYS; returns how many. */
function removeStalePending(app) {
  const cutoff = require(`${__hooks}/lib/shared.cjs`).toPbTime(
    Date.now() - PENDING_DAYS * 24 * 60 * 60 * 1000,
  )
  const result = app
    .db()
    .newQuery(
      `DELETE FROM ${COLLECTION} WHERE status = 'pending' AND ` +
        "(CASE WHEN requestedAt != '' THEN requestedAt ELSE created END) < {:cutoff}",
    )
    .bind({ cutoff })
    .execute()
  return result.rowsAffected()
}

/** The token from the body (`token`) or the query string, as a string. */
function tokenOfRequest(e) {
  const body = e.requestInfo().body || {}
  const fromQuery = String(e.request.url.query().get('token') || '')
  const fromBody = typeof body.token === 'string' ? body.token : ''
  return (fromBody || fromQuery).slice(0, 200)
}

/** 400 naming `token`: the same answer for every kind of bad link. */
function invalidLink(message) {
  return new BadRequestError(message, {
    token: new ValidationError('validation_invalid_token', 'This link is not valid.'),
  })
}

/**
 * The signed-in user's address, its subscription row (or null), and whether that row is theirs
 * to see and change: always with a verified e-mail; with an unverified one only the row their own
 * sign-up made (as account deletion decides), so an account opened with somebody else's address
 * can neither read nor cancel that person's subscription.
 */
function ownSubscription(e) {
  const email = e.auth.getString('email').toLowerCase()
  const rows = e.app.findRecordsByFilter(COLLECTION, 'email = {:email}', '', 1, 0, { email })
  const record = rows.length > 0 ? rows[0] : null
  const mine =
    !!record &&
    (e.auth.verified() ||
      (record.getString('source') === 'signup' &&
        record.getString('created') >= e.auth.getString('created')))
  return { email, record, mine }
}

module.exports = {
  tokenOfRequest,
  invalidLink,
  ownSubscription,
  COLLECTION,
  PENDING_DAYS,
  tokenFor,
  recordForToken,
  linksFor,
  unsubscribeHeaders,
  queueConfirmation,
  markPending,
  signUpAgain,
  signUp,
  confirm,
  unsubscribe,
  removeStalePending,
}
