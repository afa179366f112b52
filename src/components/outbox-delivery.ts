// Hands a form's record to the offline outbox (src/offline/app-outbox.ts). The outbox is imported
// on demand so the home page does not ship Dexie; if that import itself fails (offline and the
// chunk not cached yet) the form reports a failure and keeps what the visitor typed.
import type { OutboxPayloads } from '../backend/types'

export type DeliveryStatus = 'sent' | 'queued' | 'failed'

type FormCollection = 'contacts' | 'newsletter_subscriptions'

/** The user agent as the server stores it (its field holds at most 512 characters). */
export function browserUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent.slice(0, 512)
}

/**
 * Queues the record and tries to send it. When it has to wait (queued), `onSettled` is told
 * later whether it went out ('sent') or the server refused it ('failed'), so the form can say so.
 */
export async function deliver<C extends FormCollection>(
  collection: C,
  payload: OutboxPayloads[C],
  onSettled?: (outcome: 'sent' | 'failed') => void,
): Promise<DeliveryStatus> {
  try {
    const { enqueue } = await import('../offline/app-outbox')
    const result = await enqueue(collection, payload)
    if (result.status === 'failed')
      console.error(`The ${collection} record was refused`, result.error)
    if (result.status === 'queued' && onSettled) {
      import('../offline/status')
        .then((m) => m.whenSettled(result.id))
        .then(onSettled, () => undefined)
    }
    return result.status
  } catch (err) {
    console.error(`Could not hand the ${collection} record to the outbox`, err)
    return 'failed'
  }
}

/**
 * Loads the outbox while there is a connection, as soon as a visitor starts on a form, so a
 * sign-up or message submitted after the connection drops can still be queued. Never tried
 * offline: a failed dynamic import would stay failed for the page's lifetime in some browsers.
 */
export function warmOutbox(): void {
  if (isOffline()) return
  import('../offline/app-outbox').catch(() => undefined)
}

/** True when the browser says it has no connection (the wording of a queued message). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}
