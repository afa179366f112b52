/// <reference path="../../.pb-types/types.d.ts" />
// Takes an account mail from PocketBase's mailer hook into the delivery queue
// (pb_hooks/account-mail.pb.js); lib/account-mail-kinds.js renders it when it is sent.

/** @type {typeof import('./deliveries.js')} */
const deliveries = require('./deliveries.js')

/**
 * Queues the message PocketBase built, instead of sending it. Never throws: an error here would
 * answer 400 on request-email-change (and so tell a free address from a taken one).
 * @param {core.MailerRecordEvent} e
 * @param {string} kind
 * @param {Record<string, unknown>} [payload]
 */
function queueAccountMail(e, kind, payload) {
  try {
    const to = e.message && e.message.to && e.message.to.length > 0 ? e.message.to[0].address : ''
    const result = deliveries.enqueue(e.app, {
      kind,
      recipient: to,
      sourceId: e.record.id,
      payload,
    })
    return result.queued
  } catch (err) {
    e.app
      .logger()
      .error('mail: could not queue an account mail', 'kind', kind, 'error', String(err))
    return false
  }
}

module.exports = { queueAccountMail }
