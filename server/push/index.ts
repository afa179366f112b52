// Web Push alerts to the consultant's devices: every new lead (a message, a call-back request, an
// audit, a booking) becomes an alert on each device that turned alerts on in the console, through
// the delivery queue's `push` channel (retries, one alert for a burst, the device's last delivery),
// encrypted and VAPID-signed in the engine (./webpush.ts). What other areas call: alertLead.
import {
  deleteSubscription,
  getPublicKey,
  listSubscriptions,
  postSubscription,
  testSubscription,
} from './subscriptions'

export { alertLead } from './alerts'
export type { Lead } from './alerts'
export { channel } from './channel'
export { kinds } from './kinds'
export type { LeadWhat } from './kinds'

/** The routes of pb_hooks/push.pb.js. */
export const routes = {
  getPublicKey,
  postSubscription,
  listSubscriptions,
  deleteSubscription,
  testSubscription,
}
