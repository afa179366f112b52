// Answering "already stored" exactly like "created" (sign-up and newsletter, so neither tells
// whether an address is known): the request must still pass every check a real create gets.
import type { App } from './events'
import { newRecordId } from './ids'

/**
 * Validates `record` as a new record with every check but the e-mail's uniqueness (a clone
 * carries a throwaway address) and returns the clone as a create would answer it: `id` (a new
 * one when empty), the real `email`, fresh `created`/`updated`. Throws PocketBase's 400 with
 * the field errors a real create would get. Nothing is saved.
 */
export function validateAsNew(
  app: App,
  record: core.Record,
  email: string,
  id: string,
): core.Record {
  const reply = record.clone()
  reply.id = id || newRecordId()
  reply.set('email', `${newRecordId(20)}@throwaway.invalid`)
  try {
    app.validate(reply)
  } catch (err) {
    // PocketBase's validation error carries its field errors in `value`.
    throw new BadRequestError('Failed to create record.', (err as { value?: unknown }).value)
  }
  reply.set('email', email)
  const now = new DateTime()
  reply.setRaw('created', now)
  reply.setRaw('updated', now)
  return reply
}
