/// <reference path="../../.pb-types/types.d.ts" />
// Reading JSON the database keeps as text: a record's JSON field, a delivery's payload. Damaged or
// missing JSON reads as nothing, never as an exception in the middle of a send.

/** @typedef {import('./delivery-types').DeliveryRow} DeliveryRow */

/**
 * A JSON field as plain data (record.get() would give raw bytes), or null.
 * @param {core.Record} record @param {string} field
 * @returns {any}
 */
function readJson(record, field) {
  try {
    const raw = record.getString(field)
    return raw ? JSON.parse(raw) : null
  } catch (_) {
    return null
  }
}

/**
 * A queued delivery's payload as an object ({} when there is none or it does not parse).
 * @param {DeliveryRow} row
 * @returns {Record<string, any>}
 */
function payloadOf(row) {
  try {
    const parsed = row.payload ? JSON.parse(row.payload) : null
    return parsed && typeof parsed === 'object' ? parsed : {}
  } catch (_) {
    return {}
  }
}

module.exports = { readJson, payloadOf }
