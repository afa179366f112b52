// The shapes of /api/push/ (pb_hooks/push.pb.js), which the console imports as types
// (src/backend/push-api.ts): one definition for both sides.

/** GET /api/push/public-key */
export interface PushPublicKey {
  /** base64url of the 65-byte uncompressed P-256 point (the VAPID application server key). */
  publicKey: string
}

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON() and a device name. */
export interface PushSubscriptionInput {
  endpoint: string
  expirationTime?: number | null
  keys: { p256dh: string; auth: string }
  label?: string
}

/** One of the consultant's devices, as every route answers it. */
export interface PushDevice {
  id: string
  label: string
  created: string
  /** The push service's host (fcm.googleapis.com, web.push.apple.com, ...). */
  endpointHost: string
  /** '' until a first alert was sent; else a PocketBase date. */
  lastDeliveryAt: string
  lastStatus: '' | 'delivered' | 'failed'
  lastError: string
}
