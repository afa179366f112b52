// Outgoing webhooks (docs/webhooks.md, docs/decisions/029-outgoing-webhooks.md): the consultant's
// endpoints, the events other areas cause, the `webhook` delivery kind and channel, and the
// handlers pb_hooks/webhooks.pb.js registers.
import {
  checkUpdate,
  hideSecrets,
  queueMessageReceived,
  queuePersonCreated,
  queuePersonStatusChange,
  queueSubscriberChange,
  refuseCreate,
} from './hooks'
import { refuseSecretQueries } from './secret-queries'
import { cleanUpLog } from './jobs'
import { every, jobKind } from '../queue/index'
import {
  createEndpoint,
  deleteEndpoint,
  flush,
  resendEvent,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from './routes'

export { channel } from './channel'
export { kinds } from './kinds'
export { emitEvent, queueEventOnce, saveThenQueue } from './events'
export { callBookedData } from './payloads'
export { base64FromBytes, bytesFromBase64 } from './signing'
/** One HTTP POST per request, all at once, to guarded addresses only (Web Push uses it too). */
export { postAll } from './transport'
export type { WebhookRequest, WebhookResult } from './transport'
/** The daily log cleanup at a time of the caller's choosing (a test hook runs it "as if at"). */
export { removeOldLog } from './log'

export const routes = {
  createEndpoint,
  updateEndpoint,
  deleteEndpoint,
  rotateSecret,
  sendTestEvent,
  resendEvent,
  flush,
}

export const hooks = {
  hideSecrets,
  /** routerUse: a records read whose filter, sort or expand reaches a secret answers 400. */
  refuseSecretQueries,
  refuseCreate,
  checkUpdate,
  queueMessageReceived,
  queueSubscriberChange,
  queuePersonCreated,
  queuePersonStatusChange,
}

/** Scheduled work, as rows of the delivery queue's dispatcher (server/queue/jobs.ts). */
export const jobKinds = {
  /** The log and the events it points to go after WEBHOOK_LOG_KEEP_DAYS: daily at 03:41. */
  'webhooks.clean-log': jobKind(cleanUpLog, { repeat: every(24 * 60, 221) }),
}
