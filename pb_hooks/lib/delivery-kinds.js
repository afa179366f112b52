/// <reference path="../../.pb-types/types.d.ts" />
// Every kind of delivery, by name, assembled from one module per area. A new kind is a module
// that exports `kinds` (see delivery-types.d.ts, DeliveryKind) and one line here. None of these
// modules may require lib/deliveries.js (which requires this file).

/** @typedef {import('./delivery-types').DeliveryKind} DeliveryKind */

/** @type {Record<string, DeliveryKind>} */
const kinds = Object.assign(
  {},
  // owner_contact, owner_audit, visitor_results, newsletter_confirm
  /** @type {typeof import('./mail-kinds.js')} */ (require('./mail-kinds.js')).kinds,
  // owner_digest
  /** @type {typeof import('./owner-digest.js')} */ (require('./owner-digest.js')).kinds,
  // account_verification, account_password_reset, account_email_change, account_auth_alert
  /** @type {typeof import('./account-mail-kinds.js')} */ (require('./account-mail-kinds.js'))
    .kinds,
  // webhook
  /** @type {typeof import('./webhook-kinds.js')} */ (require('./webhook-kinds.js')).kinds,
  // newsletter_issue, newsletter_issue_test
  /** @type {typeof import('./newsletter-issue-kinds.js')} */ (
    require('./newsletter-issue-kinds.js')
  ).kinds,
  // followup, followup_test, owner_booking
  /** @type {typeof import('./followup-kinds.js')} */ (require('./followup-kinds.js')).kinds,
)

module.exports = { kinds }
