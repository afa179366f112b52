/// <reference path="../../.pb-types/types.d.ts" />
// The transports of the delivery queue, by name: one module per channel, one line here each.

/** @typedef {import('./delivery-types').DeliveryChannel} DeliveryChannel */

/** @type {Record<string, DeliveryChannel>} */
const channels = {
  mail: require('./mail-channel.js').mailChannel,
}

module.exports = { channels }
