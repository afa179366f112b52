/// <reference path="../../.pb-types/types.d.ts" />
// Answering "already stored" exactly like "created" (sign-up and newsletter, so neither tells
// whether an address is known): the request must still pass every check a real create gets.

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * Validates `record` as a new record with every check but the e-mail's uniqueness (a clone
 * carries a throwaway address) and returns the clone as a create would answer it: `id` (a new
 * one when empty), the real `email`, fresh `created`/`updated`. Throws PocketBase's 400 with
 * the field errors a real create would get. Nothing is saved.
 * @param {core.App} app
 * @param {core.Record} record
 * @param {string} email
 * @param {string} id
 */
function validateAsNew(app, record, email, id) {
  const reply = record.clone()
  reply.id = id || $security.randomStringWithAlphabet(15, ALPHABET)
  reply.set('email', `${$security.randomStringWithAlphabet(20, ALPHABET)}@throwaway.invalid`)
  try {
    app.validate(reply)
  } catch (err) {
    throw new BadRequestError('Failed to create record.', err.value)
  }
  reply.set('email', email)
  const now = new DateTime()
  reply.setRaw('created', now)
  reply.setRaw('updated', now)
  return reply
}

module.exports = { validateAsNew }
