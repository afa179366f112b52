/// <reference path="../../.pb-types/types.d.ts" />
// The mails a visitor's submission causes, as kinds of the delivery queue: the owner's
// notifications of a contact message and of an audit, the visitor's audit results and the
// newsletter's confirmation. Each is rendered when it is sent, from its record as saved
// (lib/mail-templates.js); a record deleted before its mail went out fails the row at once.

/** @typedef {import('./delivery-types').DeliveryKind} DeliveryKind */
/** @typedef {import('./delivery-types').DeliveryRow} DeliveryRow */

/** @type {typeof import('./mail-config.js')} */
const { mailConfig } = require('./mail-config.js')
/** @type {typeof import('./mail-templates.js')} */
const templates = require('./mail-templates.js')
/** @type {typeof import('./newsletter-links.js')} */
const newsletterLinks = require('./newsletter-links.js')
/** @type {typeof import('./delivery-errors.js')} */
const { permanentError } = require('./delivery-errors.js')
/** @type {typeof import('./followup-links.js')} */
const followupLinks = require('./followup-links.js')
/** @type {typeof import('./owner-digest.js')} */
const ownerDigest = require('./owner-digest.js')
/** @type {typeof import('./json-fields.js')} */
const { readJson } = require('./json-fields.js')

/** @param {core.Record} record */
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

/**
 * The audit fields a mail may use, with its scores and advice.
 * @param {core.Record} record
 */
function auditData(record) {
  return {
    id: record.id,
    flow: record.getString('flow'),
    email: record.getString('email'),
    overallScore: record.getInt('overallScore'),
    newsletterSubscription: record.getBool('newsletterSubscription'),
    userAgent: record.getString('userAgent'),
    completedAt: record.getString('completedAt'),
    created: record.getString('created'),
    scores: readJson(record, 'scores'),
    recommendations: readJson(record, 'recommendations'),
  }
}

/** Section names in the audit engine's order (its 'General' advice last), if it is built. */
function sectionOrder() {
  try {
    const engine = require('./audit-engine.cjs')
    return engine.sections
      .map((/** @type {{ name: string }} */ section) => section.name)
      .concat([engine.GENERAL_SECTION])
  } catch (_) {
    return []
  }
}

/**
 * The row's source record; a record deleted since is a permanent failure.
 * @param {core.App} app @param {string} collection @param {DeliveryRow} row
 */
function sourceRecord(app, collection, row) {
  try {
    return app.findRecordById(collection, row.sourceId)
  } catch (err) {
    if (/no rows/i.test(String(err))) {
      throw permanentError(
        `The ${collection} record ${row.sourceId} no longer exists; nothing to send.`,
      )
    }
    throw err
  }
}

/** @param {core.App} app */
function common(app) {
  const config = mailConfig(app)
  return { links: config.links, businessName: config.businessName }
}

/** MAIL_RESULTS_PER_RECIPIENT_HOURS: one mail of a visitor kind per address in that window. */
function visitorWindowHours() {
  const { VISITOR_MAIL_DEFAULTS } = require('./shared.cjs')
  const value = Number(String($os.getenv('MAIL_RESULTS_PER_RECIPIENT_HOURS') || '').trim())
  return value > 0 && isFinite(value) ? value : VISITOR_MAIL_DEFAULTS.perRecipientHours
}

/** @type {Record<string, DeliveryKind>} */
const kinds = {
  owner_contact: {
    channel: 'mail',
    class: 'owner',
    // Somebody wrote to the owner: before the notices of audits.
    priority: 0,
    hold: ownerDigest.holdForDigest,
    render(app, row) {
      const contact = contactData(sourceRecord(app, 'contacts', row))
      const mail = templates.ownerContactMail(Object.assign({ contact }, common(app)))
      return Object.assign({ replyTo: contact.email }, mail)
    },
  },
  owner_audit: {
    channel: 'mail',
    class: 'owner',
    hold: ownerDigest.holdForDigest,
    render(app, row) {
      const audit = auditData(sourceRecord(app, 'audits', row))
      const mail = templates.ownerAuditMail(
        Object.assign({ audit, sectionOrder: sectionOrder() }, common(app)),
      )
      return Object.assign({ replyTo: audit.email }, mail)
    },
  },
  visitor_results: {
    channel: 'mail',
    class: 'visitor',
    perRecipientPerDay: 1,
    recipientWindowHours: visitorWindowHours,
    perIpCap: true,
    render(app, row) {
      const audit = auditData(sourceRecord(app, 'audits', row))
      const shared = common(app)
      // Every link to the site carries this mail's signed token: a click shows the address is
      // the visitor's, and a booking from the page it opens names them (lib/followup-links.js).
      const links = Object.assign(
        {},
        shared.links,
        followupLinks.resultsLinks(app, row.id, shared.links.appUrl),
      )
      return templates.visitorResultsMail(
        Object.assign({ audit, sectionOrder: sectionOrder() }, shared, { links }),
      )
    },
  },
  newsletter_confirm: {
    channel: 'mail',
    class: 'visitor',
    perRecipientPerDay: 1,
    recipientWindowHours: visitorWindowHours,
    perIpCap: true,
    render(app, row) {
      const record = sourceRecord(app, newsletterLinks.COLLECTION, row)
      if (record.getString('status') !== 'pending') {
        return { cancel: `The subscription is ${record.getString('status')} now.` }
      }
      const mail = templates.newsletterConfirmMail(
        Object.assign(
          {
            email: record.getString('email'),
            subscription: newsletterLinks.linksFor(app, record),
          },
          common(app),
        ),
      )
      return Object.assign({ headers: newsletterLinks.unsubscribeHeaders(app, record) }, mail)
    },
  },
}

module.exports = { kinds, contactData, auditData }
