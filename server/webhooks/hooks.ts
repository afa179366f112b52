// The record hooks of the webhook area: the webhook_endpoints collection kept secret-safe through
// the records API, and the events of other collections, each queued in the transaction of its
// cause (an audit or a contact message saved, a newsletter sign-up confirmed or unsubscribed, a
// person's status changed), so it exists exactly when the change does; its body is built when it
// is first sent (payloads.ts). Nothing is sent inside a request: the `webhook` channel posts them.
import type { RecordEnrichEvent, RecordEvent, RecordRequestEvent } from '../platform/events'
import { checkedUrl } from './endpoints'
import { saveThenQueue } from './events'

// --- the collection itself ----------------------------------------------------------------

/**
 * Never a secret in any answer, superusers' and realtime messages included: hidden after the
 * default enriching (inside e.next()), which shows hidden fields to superusers. Nor an oracle:
 * no filter, sort or expand may reach one (secret-queries.ts).
 */
export function hideSecrets(e: RecordEnrichEvent): void {
  e.next()
  e.record.hide('secret', 'previousSecret')
}

/**
 * Superusers may use the records API, but not to add an endpoint (its secret could never be
 * shown)...
 */
export function refuseCreate(): never {
  throw new BadRequestError(
    'Add webhook endpoints with POST /api/webhooks (it shows the secret once).',
  )
}

/** ...nor to change a secret, nor to set a URL the guard would refuse. */
export function checkUpdate(e: RecordRequestEvent) {
  const original = e.record.original()
  for (const field of ['secret', 'previousSecret', 'previousSecretUntil']) {
    if (e.record.getString(field) !== original.getString(field)) {
      throw new BadRequestError('Rotate the secret with POST /api/webhooks/{id}/rotate.')
    }
  }
  if (e.record.getString('url') !== original.getString('url')) {
    e.record.set('url', checkedUrl(e.record.getString('url')))
  }
  return e.next()
}

// --- events, each in the transaction of its cause -----------------------------------------
// (An audit's `audit.completed` is queued by the audit's job, server/leads/: queueEventOnce.)

export function queueMessageReceived(e: RecordEvent): void {
  saveThenQueue(e, 'message.received', () => ({ contactId: e.record.id }))
}

/** A subscription made active (confirmed) or unsubscribed. */
export function queueSubscriberChange(e: RecordEvent) {
  const before = e.record.original().getString('status')
  const after = e.record.getString('status')
  const type =
    before === after
      ? ''
      : after === 'active'
        ? 'subscriber.confirmed'
        : after === 'unsubscribed'
          ? 'subscriber.unsubscribed'
          : ''
  if (!type) return e.next()
  saveThenQueue(e, type, () => ({
    subscriptionId: e.record.id,
    status: after,
    confirmedAt: e.record.getString('confirmedAt'),
  }))
}

/** A new person: from the site (their first audit, message or sign-up) or added by hand. */
export function queuePersonCreated(e: RecordEvent): void {
  saveThenQueue(e, 'person.created', () => ({ personId: e.record.id }))
}

export function queuePersonStatusChange(e: RecordEvent) {
  const before = e.record.original().getString('status')
  const after = e.record.getString('status')
  if (before === after) return e.next()
  saveThenQueue(e, 'person.status_changed', () => ({
    personId: e.record.id,
    previousStatus: before,
    status: after,
  }))
}
