/// <reference path="../../.pb-types/types.d.ts" />
// Which mails a new contact message or audit queues in the delivery queue (lib/deliveries.js),
// inside the record's own transaction: the owner's notification of each (to OWNER_EMAIL, with the
// visitor's address as Reply-To) and, for a free audit, the visitor's results. Bodies are
// rendered when the mails are sent (lib/mail-kinds.js). Queueing never throws: a create must not
// fail because of mail.

/** @typedef {import('./delivery-types').DeliveryJob} DeliveryJob */

/** @type {typeof import('./deliveries.js')} */
const deliveries = require('./deliveries.js')
/** @type {typeof import('./mail-config.js')} */
const { ownerEmail } = require('./mail-config.js')

/**
 * The deliveries one new record asks for.
 * @param {core.Record} record @param {string} owner @param {string} clientIp
 * @returns {DeliveryJob[]}
 */
function jobsFor(record, owner, clientIp) {
  const collection = record.collection().name
  /** @type {DeliveryJob[]} */
  const jobs = []
  if (collection === 'contacts') {
    if (owner) jobs.push({ kind: 'owner_contact', recipient: owner, sourceId: record.id, clientIp })
  } else if (collection === 'audits') {
    // The owner first: the same transaction, but the order the console lists them.
    if (owner) jobs.push({ kind: 'owner_audit', recipient: owner, sourceId: record.id, clientIp })
    if (record.getString('flow') === 'free') {
      jobs.push({
        kind: 'visitor_results',
        recipient: record.getString('email'),
        sourceId: record.id,
        clientIp,
      })
    }
  }
  return jobs
}

/**
 * Queues the record's mails with `app` (the record's transaction). `clientIp` is the request's
 * address (empty for a superuser or the server itself), for the per-IP caps. Each job on its own,
 * so one refused or failed job does not stop the others; never throws. Returns how many queued.
 * @param {core.App} app @param {core.Record} record @param {string} clientIp
 */
function queueRecordMail(app, record, clientIp) {
  let queued = 0
  /** @type {DeliveryJob[]} */
  let jobs = []
  try {
    jobs = jobsFor(record, ownerEmail(), clientIp || '')
  } catch (err) {
    logQueueError(app, record, 'prepare', err)
  }
  for (const job of jobs) {
    try {
      const result = deliveries.enqueue(app, job)
      if (result.queued) queued++
      else if ('reason' in result && result.reason === 'invalid recipient') {
        logQueueError(app, record, job.kind, `"${job.recipient}" is not an e-mail address`)
      }
    } catch (err) {
      logQueueError(app, record, job.kind, err)
    }
  }
  return queued
}

/**
 * @param {core.App} app @param {core.Record} record @param {string} what @param {unknown} err
 */
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

module.exports = { queueRecordMail }
