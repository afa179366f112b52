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
          'INSERT INTO mail_outbox (id, [[to]], replyTo, subject, kind, status, attempts, sourceId, created, updated) ' +
            "VALUES ({:id}, {:to}, {:replyTo}, {:subject}, {:kind}, 'pending', 0, {:sourceId}, {:now}, {:now})",
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

const NEWSLETTER_CONFIRMATION_GAP_HOURS = 24

/**
 * True when a newsletter confirmation to `to` was queued within the last 24 hours: a sign-up
 * repeated within that time queues no second mail (one per address per day).
 */
function newsletterConfirmationQueuedRecently(app, to) {
  const since = require(`${__hooks}/lib/shared.cjs`).toPbTime(
    Date.now() - NEWSLETTER_CONFIRMATION_GAP_HOURS * 60 * 60 * 1000,
  )
  const row = new DynamicModel({ queued: 0 })
  app
    .db()
    .newQuery(
      "SELECT COUNT(*) AS queued FROM mail_outbox WHERE kind = 'newsletter_confirm' " +
        'AND [[to]] = {:to} AND created >= {:since}',
    )
    .bind({ to, since })
    .one(row)
  return row.queued > 0
}

/**
 * Queues the confirmation mail of a newsletter sign-up with its extra `headers` (List-Unsubscribe).
 * Returns true when queued; never throws.
 */
function insertNewsletterConfirmation(app, record, headers) {
  const to = record.getString('email')
  if (!ADDRESS.test(to) || to.length > 254) {
    logQueueError(app, record, 'newsletter_confirm', `"${to}" is not an e-mail address`)
    return false
  }
  try {
    app
      .db()
      .newQuery(
        'INSERT INTO mail_outbox (id, [[to]], replyTo, subject, kind, status, attempts, sourceId, headers, created, updated) ' +
          "VALUES ({:id}, {:to}, '', {:subject}, 'newsletter_confirm', 'pending', 0, {:sourceId}, {:headers}, {:now}, {:now})",
      )
      .bind({
        id: $security.randomStringWithAlphabet(15, ID_ALPHABET),
        to,
        subject: templates.newsletterConfirmSubject(mailConfig(app).businessName),
        sourceId: record.id,
        headers: JSON.stringify(headers),
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
  newsletterConfirmationQueuedRecently,
  insertNewsletterConfirmation,
}
