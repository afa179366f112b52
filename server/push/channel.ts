// The `push` channel of the delivery queue: each claimed row is one push (leads that came close
// together from one address were folded into one row when queued: "3 new leads"), each
// encrypted for its device and signed with the server's VAPID key (./webpush.ts), posted through
// the webhooks' transport (the guard's checked address, no redirects, 10 seconds). The push
// service's answer decides: 2xx delivered; 404 or 410 the device is gone (its row is deleted, as
// the push services ask); 400, 403 and 413 cannot get better; anything else is retried. Every
// attempt is kept on the device (last delivery, status, error) for the console's list.
import { PUSH_TTL_SECONDS } from '../../src/config/push'
import type { PushAlert } from '../../src/config/push'
import { ownerEmail } from '../mail/index'
import { envFlag } from '../platform/env'
import type { App } from '../platform/events'
import { toPbTime } from '../../src/config/dates'
import { findOrNull } from '../platform/sql'
import { attemptError as channelError, batchChannel, errorText, runTime } from '../queue/index'
import type {
  AttemptError,
  ChannelContext,
  DeliveryChannel,
  DeliveryRow,
  Rendered,
} from '../queue/index'
import { postAll } from '../webhooks/index'
import type { WebhookResult } from '../webhooks/index'
import { fromBase64Url, utf8 } from './bytes'
import { vapidKeys } from './keys'
import { encrypt, vapidAuthorization } from './webpush'
import type { VapidKeys } from './webpush'

function attemptError(message: string, permanent: boolean): AttemptError {
  return channelError('push', message, permanent)
}

/** PUSH_ALLOW_PRIVATE=true: a device's endpoint may be a private or loopback address (tests). */
export function pushPrivateAllowed(): boolean {
  return envFlag('PUSH_ALLOW_PRIVATE')
}

/** The VAPID subject: how a push service reaches the sender (RFC 8292: mailto: or https:). */
function subject(app: App): string {
  const owner = ownerEmail()
  if (owner && owner.indexOf('@') > 0) return `mailto:${owner}`
  const url = String(app.settings().meta.appURL || '')
  return /^https:\/\//.test(url) ? url : 'mailto:alerts@invalid'
}

/**
 * One push per row: leads that came close together were folded into one row when queued
 * (./alerts.ts), so rows due together are different alerts (another address, a test).
 */
interface Push {
  device: string
  alert: PushAlert | null
}

function parseAlert(body: string | undefined): PushAlert | null {
  try {
    const alert = JSON.parse(String(body || '')) as PushAlert
    return alert && typeof alert.title === 'string' ? alert : null
  } catch {
    return null
  }
}

interface Prepared {
  request: Parameters<typeof postAll>[0][number] | null
  error: AttemptError | null
}

function prepareRequest(app: App, push: Push, keys: VapidKeys, now: number): Prepared {
  const device = findOrNull(app, 'push_subscriptions', push.device)
  if (!device) return { request: null, error: attemptError('The device was removed.', true) }
  if (!push.alert)
    return { request: null, error: attemptError('The alert could not be made.', true) }
  const p256dh = fromBase64Url(device.getString('p256dh'))
  const auth = fromBase64Url(device.getString('auth'))
  if (!p256dh || !auth) {
    return { request: null, error: attemptError("The device's keys are malformed.", true) }
  }
  const endpoint = device.getString('endpoint')
  return {
    request: {
      url: endpoint,
      body: encrypt(utf8(JSON.stringify(push.alert)), { p256dh, auth }),
      contentType: 'application/octet-stream',
      allowPrivate: pushPrivateAllowed(),
      headers: {
        'Content-Encoding': 'aes128gcm',
        TTL: String(PUSH_TTL_SECONDS),
        Urgency: 'high',
        Authorization: vapidAuthorization(endpoint, keys, subject(app), now),
      },
    },
    error: null,
  }
}

/** The error a push service's answer means, or null when it took the message. */
function outcomeError(outcome: WebhookResult): AttemptError | null {
  if (outcome.ok) return null
  if (outcome.refused) return attemptError(outcome.error, outcome.permanent)
  const code = outcome.statusCode
  if (code === 404 || code === 410) {
    return attemptError(
      `The push service says this device is no longer subscribed (HTTP ${code}); it was removed.`,
      true,
    )
  }
  if (code === 400 || code === 403 || code === 413) {
    return attemptError(`The push service refused the alert (HTTP ${code}).`, true)
  }
  return attemptError(outcome.error || 'The push failed.', false)
}

/** The device's last delivery, for the console's list; a gone device is deleted. */
function recordOnDevice(app: App, deviceId: string, outcome: WebhookResult, now: number): void {
  const device = findOrNull(app, 'push_subscriptions', deviceId)
  if (!device) return
  if (outcome.statusCode === 404 || outcome.statusCode === 410) {
    app.delete(device)
    return
  }
  device.set('lastDeliveryAt', toPbTime(now))
  device.set('lastStatus', outcome.ok ? 'delivered' : 'failed')
  device.set('lastError', outcome.ok ? '' : (outcome.error || 'The push failed.').slice(0, 500))
  app.save(device)
}

function sendBatch(
  app: App,
  context: ChannelContext,
  items: Array<{ row: DeliveryRow; rendered: Rendered }>,
): Array<AttemptError | null> {
  const now = runTime(context)
  const pushes: Push[] = items.map((item) => ({
    device: item.row.recipient,
    alert: parseAlert(item.rendered.body),
  }))
  let keys: VapidKeys
  try {
    keys = vapidKeys(app)
  } catch (err) {
    const error = attemptError(`No VAPID key: ${errorText(err)}`, false)
    return items.map(() => error)
  }
  const prepared = pushes.map((push) => prepareRequest(app, push, keys, now))
  const sending = prepared
    .map((p, index) => ({ p, index }))
    .filter((entry) => entry.p.request !== null)
  const results = postAll(
    sending.map((entry) => entry.p.request as NonNullable<Prepared['request']>),
  )
  const outcomes: Array<WebhookResult | null> = pushes.map(() => null)
  sending.forEach((entry, i) => (outcomes[entry.index] = results[i]))
  try {
    app.runInTransaction((txApp) => {
      pushes.forEach((push, index) => {
        const outcome = outcomes[index]
        if (outcome) recordOnDevice(txApp, push.device, outcome, now)
      })
    })
  } catch (err) {
    app.logger().error('push: could not record a batch', 'error', errorText(err))
  }
  return pushes.map((_, index) => {
    const outcome = outcomes[index]
    return outcome ? outcomeError(outcome) : prepared[index].error
  })
}

/** The push channel, which server/main.ts registers with the queue. */
export const channel: DeliveryChannel = /* @__PURE__ */ batchChannel('push', sendBatch)
