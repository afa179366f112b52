/// <reference path="../../../../.pb-types/types.d.ts" />
// TEST ONLY, never in pb_hooks/: a bulk kind for tests/integration/mail-priority.test.ts, which
// copies it into a scratch copy of pb_hooks/lib and names it in delivery-kinds.js, as a real
// feature's module would be (a newsletter issue to every subscriber).

/** @typedef {import('../../../../pb_hooks/lib/delivery-types').DeliveryKind} DeliveryKind */

/** @type {Record<string, DeliveryKind>} */
const kinds = {
  test_bulk: {
    channel: 'mail',
    class: 'bulk',
    render(_app, row) {
      return {
        subject: `Bulk issue for ${row.recipient}`,
        html: `<p>Bulk ${row.uniqueKey || row.id}</p>`,
        text: `Bulk ${row.id}`,
      }
    },
  },
}

module.exports = { kinds }
