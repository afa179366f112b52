// Web Push alerts to the consultant's devices (server/push/, the console's alerts card): the
// facts both sides use.

/** Within this many seconds after an alert to a device, new leads wait and go out as one. */
export const PUSH_ALERT_SPACING_SECONDS = 30

/** How long a push service keeps an alert for a device that is off (its TTL header): a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60

/**
 * The push services browsers subscribe at (a subscription's endpoint must be on one of these, or
 * a host under one): Chrome, Edge's and Android's (Google), Firefox's (Mozilla), Safari's
 * (Apple) and Edge on Windows (Microsoft). Any other address is refused, so a subscription
 * cannot make the server post to a place of the sender's choosing.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const

/** A device's name as the console lists it, at most this long. */
export const PUSH_LABEL_MAX = 100

/** What a push carries to the service worker (decrypted by the browser). */
export interface PushAlert {
  title: string
  body: string
  /** A path on this site: the person's page, or the console's Today. */
  url: string
  /** Alerts with one tag replace each other on the device. */
  tag: string
}
