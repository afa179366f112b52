/// <reference path="../../.pb-types/types.d.ts" />
// What each new record queues in mail_outbox, and how a queued row gets its body.
// Queueing is cheap and split in two: prepareMail (recipient, kind, subject) before the record's
// transaction, insertMail inside it. The HTML and text bodies are rendered later, outside any
// request, by the sender (renderMail), from the saved record. Queueing never throws: a create
// must not fail because of mail.

const { mailConfig, ownerEmail } = require(`${__hooks}/lib/mail-config.js`)
const templates = require(`${__hooks}/lib/mail-templates.js`)

const SOURCE_COLLECTION = {
  owner_contact: 'contacts',
  owner_audit: 'audits',
  visitor_results: 'audits',
  newsletter_confirm: 'newsletter_subscriptions',
}

/** Reads a JSON field as a plain object (record.get() would give raw bytes). */
function readJson(record, field) {
  try {
    const raw = record.getString(field)
    return raw ? JSON.parse(raw) : null
  } catch (_) {
    return null
  }
}

function contactData(record) {
  return {
    id: record.id,
    name: record.getString('name'),
    email: record.getString('email'),
    message: record.getString('message'),
    source: record.getString('source'),
    auditId: record.getString('auditId'),
    phone: record.getString('phone'),
    userAgent: record.getString('userAgent'),
    created: record.getString('created'),
  }
}

/** The audit fields a mail may use; `full` adds the scores and advice (JSON parsing). */
function auditData(record, full) {
  const audit = {
    id: record.id,
    flow: record.getString('flow'),
    email: record.getString('email'),
    overallScore: record.getInt('overallScore'),
    newsletterSubscription: record.getBool('newsletterSubscription'),
    userAgent: record.getString('userAgent'),
    completedAt: record.getString('completedAt'),
    created: record.getString('created'),
  }
  if (full) {
    audit.scores = readJson(record, 'scores')
    audit.recommendations = readJson(record, 'recommendations')
  }
  return audit
}

/** Section names in the audit engine's order (its 'General' advice last), if it is built. */
function sectionOrder() {
  try {
    const engine = require(`${__hooks}/lib/audit-engine.cjs`)
    return engine.sections.map((section) => section.name).concat([engine.GENERAL_SECTION])
  } catch (_) {
    return []
  }
}

/** The mails one new record asks for: [{ kind, to, replyTo, subject }]. */
function mailsFor(record, owner) {
  const collection = record.collection().name
  const mails = []
  if (collection === 'contacts') {
    const contact = contactData(record)
    if (owner) {
      mails.push({
        kind: 'owner_contact',
        to: owner,
        replyTo: contact.email,
        subject: templates.ownerContactSubject(contact),
      })
    }
  } else if (collection === 'audits') {
    const audit = auditData(record, false)
    if (audit.flow === 'free') {
      mails.push({
        kind: 'visitor_results',
        to: audit.email,
        replyTo: '',
        subject: templates.visitorResultsSubject(audit),
      })
    }
    if (owner) {
      mails.push({
        kind: 'owner_audit',
        to: owner,
        replyTo: audit.email,
        subject: templates.ownerAuditSubject(audit),
      })
    }
  }
  return mails
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
// The same loose check as the audit engine; the visitor's address was already validated by
// the record's e-mail field, so this mainly catches a mistyped OWNER_EMAIL.
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The outbox rows a new record asks for, ready to insert: addresses checked, ids made. Runs
 * before the record's transaction starts, to keep the time the write lock is held short.
 * Never throws; a mail that cannot be queued (e.g. OWNER_EMAIL is not an address) is logged.
 */
function prepareMail(app, record) {
  const rows = []
  try {
    const now = new Date().toISOString().replace('T', ' ')
    for (const item of mailsFor(record, ownerEmail())) {
      if (!ADDRESS.test(item.to) || item.to.length > 254) {
        logQueueError(app, record, item.kind, `"${item.to}" is not an e-mail address`)
        continue
      }
      rows.push({
        id: $security.randomStringWithAlphabet(15, ID_ALPHABET),
        to: item.to,
        replyTo: item.replyTo,
        subject: item.subject.slice(0, 300),
        kind: item.kind,
        sourceId: record.id,
        clientIp: '',
        now,
      })
    }
  } catch (err) {
    logQueueError(app, record, 'prepare', err)
  }
  return rows
}

/**
 * Inserts prepared rows with `app` (the record's transaction). A plain INSERT rather than a
 * Record save: it runs in every create and the fields were checked by prepareMail. Each row on
 * its own, so one failure does not stop the others; never throws.
 */
function insertMail(app, record, rows) {
  let queued = 0
  for (const row of rows) {
    try {
      app
        .db()
        .newQuery(
          'INSERT INTO mail_outbox (id, [[to]], replyTo, subject, kind, status, attempts, sourceId, clientIp, created, updated) ' +
            "VALUES ({:id}, {:to}, {:replyTo}, {:subject}, {:kind}, 'pending', 0, {:sourceId}, {:clientIp}, {:now}, {:now})",
        )
        .bind(row)
        .execute()
      queued++
    } catch (err) {
      logQueueError(app, record, row.kind, err)
    }
  }
  return queued
}

// --- limits on mail to visitors (mail bombing) ------------------------------------------------

const HOUR = 60 * 60 * 1000

/** Mail to the site's owner (notifications); every other kind goes to a visitor's address. */
function isOwnerKind(kind) {
  return String(kind).indexOf('owner_') === 0
}

function positiveNumber(text, fallback) {
  const value = Number(String(text || '').trim())
  return text && isFinite(value) && value > 0 ? value : fallback
}

/**
 * The limits on mail to visitors: MAIL_RESULTS_PER_RECIPIENT_HOURS (one results mail per address
 * in that many hours) and MAIL_VISITOR_PER_IP_PER_DAY (visitor mails one IP may queue in 24 h),
 * from the environment, with the defaults of src/config/limits.ts.
 */
function visitorMailLimits() {
  const { VISITOR_MAIL_DEFAULTS } = require(`${__hooks}/lib/shared.cjs`)
  return {
    perRecipientHours: positiveNumber(
      $os.getenv('MAIL_RESULTS_PER_RECIPIENT_HOURS'),
      VISITOR_MAIL_DEFAULTS.perRecipientHours,
    ),
    perIpPerDay: positiveNumber(
      $os.getenv('MAIL_VISITOR_PER_IP_PER_DAY'),
      VISITOR_MAIL_DEFAULTS.perIpPerDay,
    ),
  }
}

function dbTime(when) {
  return require(`${__hooks}/lib/shared.cjs`).toPbTime(when)
}

/**
 * True when a mail of one of `kinds` to `to` was queued at or after `sinceDate` (a Date or
 * milliseconds) and has not failed for good: queued, being sent or sent all count, so a flood
 * of requests queues one mail, not one each. Use it before queueing any mail a stranger can
 * trigger for an address they name.
 * @param {core.App} app
 * @param {string} to
 * @param {string[]} kinds
 * @param {Date|number} sinceDate
 */
function mailedRecently(app, to, kinds, sinceDate) {
  if (!to || kinds.length === 0) return false
  const params = { to: String(to).trim().toLowerCase(), since: dbTime(sinceDate) }
  const names = kinds.map((kind, i) => {
    params[`kind${i}`] = kind
    return `{:kind${i}}`
  })
  const row = new DynamicModel({ found: 0 })
  app
    .db()
    .newQuery(
      'SELECT COUNT(*) AS found FROM mail_outbox WHERE [[to]] = {:to} ' +
        `AND kind IN (${names.join(', ')}) AND status != 'failed' AND created >= {:since}`,
    )
    .bind(params)
    .one(row)
  return row.found > 0
}

/** How many visitor mails requests from `ip` queued at or after `sinceDate`. */
function visitorMailsFromIp(app, ip, sinceDate) {
  const row = new DynamicModel({ queued: 0 })
  app
    .db()
    .newQuery(
      'SELECT COUNT(*) AS queued FROM mail_outbox WHERE clientIp = {:ip} ' +
        "AND substr(kind, 1, 6) != 'owner_' AND created >= {:since}",
    )
    .bind({ ip, since: dbTime(sinceDate) })
    .one(row)
  return row.queued
}

/**
 * The prepared rows that may be queued: every owner notification; a visitor mail only when its
 * address got none of its kind within the per-recipient window and `clientIp` (the request's
 * address; empty for a superuser or the server itself) is under its daily cap. Run it with the
 * transaction's app, so two requests at once cannot both pass. Kept visitor rows carry the IP.
 */
function withinVisitorLimits(app, record, rows, clientIp) {
  const now = Date.now()
  const limits = visitorMailLimits()
  const kept = []
  for (const row of rows) {
    if (isOwnerKind(row.kind)) {
      kept.push(row)
      continue
    }
    let reason = ''
    if (mailedRecently(app, row.to, [row.kind], now - limits.perRecipientHours * HOUR)) {
      reason = `this address got this mail within ${limits.perRecipientHours} h`
    } else if (
      clientIp &&
      visitorMailsFromIp(app, clientIp, now - 24 * HOUR) >= limits.perIpPerDay
    ) {
      reason = `this IP queued ${limits.perIpPerDay} visitor mails within 24 h`
    }
    if (reason) {
      app.logger().info('mail: not queued', 'kind', row.kind, 'recordId', record.id, 'why', reason)
      continue
    }
    row.clientIp = clientIp || ''
    kept.push(row)
  }
  return kept
}

/**
 * Queues the confirmation mail of a newsletter sign-up with its extra `headers` (List-Unsubscribe),
 * after the limits on visitor mail (one per address per window, the daily cap per IP; `clientIp` is
 * the request's address, empty when the server signs up on a visitor's behalf). Returns true when
 * queued; never throws.
 */
function insertNewsletterConfirmation(app, record, headers, clientIp) {
  const to = record.getString('email')
  const rows = [{ kind: 'newsletter_confirm', to }]
  if (withinVisitorLimits(app, record, rows, clientIp || '').length === 0) return false
  if (!ADDRESS.test(to) || to.length > 254) {
    logQueueError(app, record, 'newsletter_confirm', `"${to}" is not an e-mail address`)
    return false
  }
  try {
    app
      .db()
      .newQuery(
        'INSERT INTO mail_outbox (id, [[to]], replyTo, subject, kind, status, attempts, sourceId, headers, clientIp, created, updated) ' +
          "VALUES ({:id}, {:to}, '', {:subject}, 'newsletter_confirm', 'pending', 0, {:sourceId}, {:headers}, {:clientIp}, {:now}, {:now})",
      )
      .bind({
        id: $security.randomStringWithAlphabet(15, ID_ALPHABET),
        to,
        subject: templates.newsletterConfirmSubject(mailConfig(app).businessName),
        sourceId: record.id,
        headers: JSON.stringify(headers),
        clientIp: clientIp || '',
        now: new Date().toISOString().replace('T', ' '),
      })
      .execute()
    return true
  } catch (err) {
    logQueueError(app, record, 'newsletter_confirm', err)
    return false
  }
}

/** An error that retrying cannot fix; the sender marks the mail failed at once. */
function unsendable(message) {
  const err = /** @type {Error & { unsendable?: boolean }} */ (new Error(message))
  err.unsendable = true
  return err
}

/**
 * The { subject, html, text } of a queued row, from its source record as saved. Throws an
 * `unsendable` error when the record is gone (deleted before its mail went out).
 */
function renderMail(app, row) {
  const collection = SOURCE_COLLECTION[row.kind]
  if (!collection) throw unsendable(`Unknown mail kind "${row.kind}".`)
  let record
  try {
    record = app.findRecordById(collection, row.sourceId)
  } catch (err) {
    if (/no rows/i.test(String(err))) {
      throw unsendable(
        `The ${collection} record ${row.sourceId} no longer exists; nothing to send.`,
      )
    }
    throw err
  }
  const config = mailConfig(app)
  const common = { links: config.links, businessName: config.businessName }
  if (row.kind === 'newsletter_confirm') {
    const newsletter = require(`${__hooks}/lib/newsletter.js`)
    return templates.newsletterConfirmMail(
      Object.assign(
        { email: record.getString('email'), subscription: newsletter.linksFor(app, record) },
        common,
      ),
    )
  }
  if (row.kind === 'owner_contact') {
    return templates.ownerContactMail(Object.assign({ contact: contactData(record) }, common))
  }
  const input = Object.assign(
    { audit: auditData(record, true), sectionOrder: sectionOrder() },
    common,
  )
  return row.kind === 'visitor_results'
    ? templates.visitorResultsMail(input)
    : templates.ownerAuditMail(input)
}

function logQueueError(app, record, what, err) {
  try {
    app
      .logger()
      .error(
        'mail: could not queue mail',
        'what',
        what,
        'collection',
        record.collection().name,
        'recordId',
        record.id,
        'error',
        String(err),
      )
  } catch (_) {
    // logging must not break the create either
  }
}

module.exports = {
  prepareMail,
  insertMail,
  renderMail,
  insertNewsletterConfirmation,
  isOwnerKind,
  mailedRecently,
  visitorMailLimits,
  withinVisitorLimits,
}
