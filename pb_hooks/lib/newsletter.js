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

/**
 * Marks `record` as asking for confirmation now (a new sign-up, or again after leaving).
 * @param {core.Record} record
 */
function markPending(record) {
  record.set('status', 'pending')
  record.set('requestedAt', new DateTime())
}

/**
 * A sign-up of an address that already has a row: active stays active (and gets no mail);
 * pending stays pending, asked again now, and gets a confirmation mail (within the 24-hour cap);
 * unsubscribed gets a NEW row (a new id, `fields.source` and `fields.userAgent`), pending, and a
 * confirmation mail: the links mailed for the old row, confirm and unsubscribe, name a row that
 * is gone and stop working, so an old confirmation link cannot make the address active again
 * after someone else signs it up.
 * @param {core.App} app
 * @param {core.Record} record
 * @param {string} clientIp
 * @param {{ source?: string, userAgent?: string }} [fields]
 */
function signUpAgain(app, record, clientIp, fields) {
  const status = record.getString('status')
  if (status === 'active') return
  if (status !== 'unsubscribed') {
    markPending(record)
    app.save(record)
    queueConfirmation(app, record, clientIp)
    return
  }
  const given = fields || {}
  const fresh = new Record(record.collection())
  fresh.id = $security.randomStringWithAlphabet(15, ID_ALPHABET)
  fresh.set('email', record.getString('email'))
  fresh.set('source', given.source || record.getString('source'))
  fresh.set('userAgent', String(given.userAgent || '').slice(0, 512))
  markPending(fresh)
  app.runInTransaction((txApp) => {
    txApp.delete(record)
    txApp.save(fresh)
  })
  queueConfirmation(app, fresh, clientIp)
}

/**
 * A sign-up made by the server (the audit's newsletter choice, the Settings tab); `clientIp` is
 * the address of the request behind it, for the cap on visitor mail. Never throws.
 * @param {core.App} app
 * @param {string} email
 * @param {string} source
 * @param {string} userAgent
 * @param {string} clientIp
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
    if (existing.length > 0) return signUpAgain(app, existing[0], clientIp, { source, userAgent })
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

/**
 * pending -> active. Returns the status after (an unsubscribed row is left alone).
 * @param {core.App} app
 * @param {core.Record} record
 */
function confirm(app, record) {
  const status = record.getString('status')
  if (status !== 'pending') return status
  record.set('status', 'active')
  record.set('confirmedAt', new DateTime())
  app.save(record)
  return 'active'
}

/**
 * Unsubscribes at once. `issueId` is the newsletter issue whose link was followed (counted in its
 * results); the copies of any issue still waiting for this address are skipped.
 * @param {core.App} app @param {core.Record} record @param {string} [issueId]
 */
function unsubscribe(app, record, issueId) {
  if (record.getString('status') !== 'unsubscribed') {
    record.set('status', 'unsubscribed')
    record.set('unsubscribedAt', new DateTime())
    record.set('unsubscribedIssue', /^[a-z0-9]{15}$/.test(issueId || '') ? issueId : '')
    app.save(record)
  }
  return 'unsubscribed'
}

/**
 * Removes pending sign-ups not confirmed within PENDING_DAYS; returns how many.
 * @param {core.App} app
 */
function removeStalePending(app) {
  const cutoff = require('./shared.cjs').toPbTime(Date.now() - PENDING_DAYS * 24 * 60 * 60 * 1000)
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

/**
 * The token from the body (`token`) or the query string, as a string.
 * @param {core.RequestEvent} e
 */
function tokenOfRequest(e) {
  const body = e.requestInfo().body || {}
  const fromQuery = String(e.request.url.query().get('token') || '')
  const fromBody = typeof body.token === 'string' ? body.token : ''
  return (fromBody || fromQuery).slice(0, 200)
}

/**
 * 400 naming `token`: the same answer for every kind of bad link.
 * @param {string} message
 */
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
 * @param {core.RequestEvent} e  a signed-in user's request
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

// --- sign-ups answered at once, decided later (no subscription oracle) -------------------------

/**
 * The answer to a public sign-up, as a create would give it: the record with `id` (a new one
 * when empty), fresh times, after the same field checks a create gets (format and length of the
 * address, the source...; uniqueness is the database's, at insert time, and is not checked:
 * app.validate does not look at it). Throws PocketBase's 400 naming the field. Nothing is saved.
 * @param {core.App} app
 * @param {core.Record} record
 * @param {string} id
 */
function signUpReply(app, record, id) {
  if (id && !/^[a-z0-9]{15}$/.test(id)) {
    throw new BadRequestError('Failed to create record.', {
      id: new ValidationError('validation_invalid_format', 'Must be 15 characters of a-z and 0-9.'),
    })
  }
  const reply = record.clone()
  // Validated under a throwaway id: a taken id must answer like a free one.
  reply.id = $security.randomStringWithAlphabet(15, ID_ALPHABET)
  try {
    app.validate(reply)
  } catch (err) {
    throw new BadRequestError('Failed to create record.', err.value)
  }
  reply.id = id || $security.randomStringWithAlphabet(15, ID_ALPHABET)
  const now = new DateTime()
  reply.setRaw('created', now)
  reply.setRaw('updated', now)
  return reply
}

/**
 * Queues a sign-up for its decision (decidePendingSignUps): one INSERT, the same for every
 * address. A request id already queued (an outbox sending again) adds nothing.
 * @param {core.App} app
 * @param {{ id: string, email: string, source: string, userAgent: string, clientIp: string }} signUp
 */
function requestSignUp(app, signUp) {
  const { toPbTime } = require('./shared.cjs')
  app
    .db()
    .newQuery(
      'INSERT OR IGNORE INTO newsletter_signups (id, email, source, userAgent, clientIp, created) ' +
        'VALUES ({:id}, {:email}, {:source}, {:userAgent}, {:clientIp}, {:created})',
    )
    .bind({
      id: signUp.id || $security.randomStringWithAlphabet(15, ID_ALPHABET),
      email: String(signUp.email || '')
        .trim()
        .toLowerCase()
        .slice(0, 254),
      source: String(signUp.source || '').slice(0, 64),
      userAgent: String(signUp.userAgent || '').slice(0, 512),
      clientIp: String(signUp.clientIp || '').slice(0, 100),
      created: toPbTime(Date.now()),
    })
    .execute()
}

const DECISIONS_PER_RUN = 500

/**
 * Decides the queued sign-ups, oldest first, each in its own transaction: a free address gets a
 * pending row (with the request's id when that id is free) and its confirmation mail; an address
 * with a row is signed up again (signUpAgain). Returns how many were decided.
 * @param {core.App} app
 */
function decidePendingSignUps(app) {
  const waiting = arrayOf(
    new DynamicModel({ id: '', email: '', source: '', userAgent: '', clientIp: '' }),
  )
  app
    .db()
    .newQuery(
      'SELECT id, email, source, userAgent, clientIp FROM newsletter_signups ORDER BY created, id LIMIT {:limit}',
    )
    .bind({ limit: DECISIONS_PER_RUN })
    .all(waiting)
  let decided = 0
  for (const row of waiting) {
    const signUp = {
      id: String(row.id),
      email: String(row.email),
      source: String(row.source),
      userAgent: String(row.userAgent),
      clientIp: String(row.clientIp),
    }
    try {
      app.runInTransaction((txApp) => {
        decideSignUp(txApp, signUp)
        txApp
          .db()
          .newQuery('DELETE FROM newsletter_signups WHERE id = {:id}')
          .bind({ id: signUp.id })
          .execute()
      })
      decided++
    } catch (err) {
      // Left queued for the next run; a request that can never be decided is dropped.
      app.logger().error('newsletter: could not decide a sign-up', 'error', String(err))
      if (!/database is locked|disk|busy/i.test(String(err))) {
        app
          .db()
          .newQuery('DELETE FROM newsletter_signups WHERE id = {:id}')
          .bind({ id: signUp.id })
          .execute()
      }
    }
  }
  return decided
}

/**
 * @param {core.App} app
 * @param {{ id: string, email: string, source: string, userAgent: string, clientIp: string }} signUp
 */
function decideSignUp(app, signUp) {
  const existing = app.findRecordsByFilter(COLLECTION, 'email = {:email}', '', 1, 0, {
    email: signUp.email,
  })
  if (existing.length > 0) {
    signUpAgain(app, existing[0], signUp.clientIp, signUp)
    return
  }
  const record = new Record(app.findCollectionByNameOrId(COLLECTION))
  let idFree = /^[a-z0-9]{15}$/.test(signUp.id)
  if (idFree) {
    try {
      app.findRecordById(COLLECTION, signUp.id)
      idFree = false
    } catch (_) {
      idFree = true
    }
  }
  record.id = idFree ? signUp.id : $security.randomStringWithAlphabet(15, ID_ALPHABET)
  record.set('email', signUp.email)
  record.set('source', signUp.source)
  record.set('userAgent', signUp.userAgent)
  markPending(record)
  app.save(record)
  queueConfirmation(app, record, signUp.clientIp)
}

/**
 * What GET/POST /api/newsletter/me show the signed-in user: the real status with a verified
 * e-mail; with an unverified one only what the user's own choice and own confirmed row say
 * ('active' for the row their own sign-up made once confirmed, else 'pending' when they asked
 * for the newsletter and 'none' when not), never the state of a row someone else made.
 * @param {core.RequestEvent} e
 */
function visibleStatus(e) {
  const own = ownSubscription(e)
  if (e.auth.verified()) return own.record ? own.record.getString('status') : 'none'
  if (own.mine && own.record.getString('status') === 'active') return 'active'
  const user = e.app.findRecordById('users', e.auth.id)
  return user.getBool('newsletterConsent') ? 'pending' : 'none'
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
  signUpReply,
  requestSignUp,
  decidePendingSignUps,
  visibleStatus,
}
