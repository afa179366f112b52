// Typed calls of the console's alerts (Web Push, /api/push/...): the server's public key, this
// device's subscription (sent again on every console open: the server keeps one row per
// endpoint), the list of the consultant's devices, removing one and a test alert. Only the
// consultant gets anything; the server is the guard.
// Every call takes the client first so the same code runs in the app and in integration tests.
import type PocketBase from 'pocketbase'

import type { PushDevice, PushPublicKey, PushSubscriptionInput } from '../../server/push/api'

// The shapes are the server's (server/push/api.ts).
export type { PushDevice, PushPublicKey, PushSubscriptionInput }

/** What saving a subscription answers: the device. */
export type SavedPushSubscription = PushDevice

export function getPushPublicKey(pb: PocketBase): Promise<PushPublicKey> {
  return pb.send<PushPublicKey>('/api/push/public-key', { method: 'GET' })
}

/** Adds this device, or updates it when its endpoint is known already. */
export function savePushSubscription(
  pb: PocketBase,
  subscription: PushSubscriptionInput,
): Promise<SavedPushSubscription> {
  return pb.send<SavedPushSubscription>('/api/push/subscriptions', {
    method: 'POST',
    body: subscription,
  })
}

export async function listPushDevices(pb: PocketBase): Promise<PushDevice[]> {
  const answer = await pb.send<{ items?: PushDevice[] }>('/api/push/subscriptions', {
    method: 'GET',
  })
  // An answer without a list (a proxy's page, say) is a failure, not "no devices".
  if (!Array.isArray(answer.items)) throw new Error('no list of devices in the answer')
  return answer.items
}

export async function removePushDevice(pb: PocketBase, id: string): Promise<void> {
  await pb.send(`/api/push/subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

/** Queues a test alert to the device: it goes out within seconds. */
export async function sendTestAlert(pb: PocketBase, id: string): Promise<void> {
  await pb.send(`/api/push/subscriptions/${encodeURIComponent(id)}/test`, { method: 'POST' })
}

/**
 * Drops this browser's push subscription (signing out: a phone no longer signed in as the
 * consultant must not show leads on its lock screen). The push service then answers the server's
 * next alert with 410, and the server removes the device. Never throws.
 */
export async function unsubscribeThisDevice(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !navigator.serviceWorker) return
    const registration = await navigator.serviceWorker.getRegistration()
    const subscription = await registration?.pushManager?.getSubscription()
    await subscription?.unsubscribe()
  } catch {
    // No service worker, no push, or no network: nothing more this device can do.
  }
}
