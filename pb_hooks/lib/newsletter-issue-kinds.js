/// <reference path="../../.pb-types/types.d.ts" />
// The newsletter issues' kinds of delivery (assembled by lib/delivery-kinds.js):
//   newsletter_issue       one subscriber's copy, in the bulk class (after every other mail, at
//                          NEWSLETTER_RATE_PER_MINUTE), rendered when it is sent; skipped
//                          (cancelled) when the address is no longer an active subscriber. Its
//                          body is not kept on the row: it carries the reader's unsubscribe token,
//                          and a send to thousands would keep thousands of copies.
//   newsletter_issue_test  the consultant's test copy, in the owner class (within a minute).

/** @typedef {import('./delivery-types').DeliveryKind} DeliveryKind */

/** @type {typeof import('./newsletter-issue-render.js')} */
const render = require('./newsletter-issue-render.js')

/** @type {Record<string, DeliveryKind>} */
const kinds = {
  newsletter_issue: {
    channel: 'mail',
    class: 'bulk',
    keepBody: false,
    render: (app, row) => render.renderCopy(app, row),
  },
  newsletter_issue_test: {
    channel: 'mail',
    class: 'owner',
    // A test per edit is plenty; this stops a runaway script, not the consultant.
    perRecipientPerDay: 50,
    render: (app, row) => render.renderTestCopy(app, row),
  },
}

module.exports = { kinds }
