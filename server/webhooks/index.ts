// Outgoing webhooks (docs/webhooks.md, docs/decisions/029-outgoing-webhooks.md): the consultant's
// endpoints, the events other areas cause, the `webhook` delivery kind and channel, and the
// handlers pb_hooks/webhooks.pb.js registers.
import {
  checkUpdate,
  hideSecrets,
  queueAuditCompleted,
  queueMessageReceived,
  queuePersonStatusChange,
  queueSubscriberChange,
  refuseCreate,
  stopSender,
} from './hooks'
import { refuseSecretQueries } from './secret-queries'
import { cleanUpLog, sendWebhooks } from './jobs'
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
export { emitEvent, saveThenQueue } from './events'
export { callBookedData } from './payloads'
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
  queueAuditCompleted,
  queueMessageReceived,
  queueSubscriberChange,
  queuePersonStatusChange,
  stopSender,
}

export const jobs = { sendWebhooks, cleanUpLog }
