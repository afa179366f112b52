// The consultant's devices (push_subscriptions) and the routes of pb_hooks/push.pb.js, all for
// the consultant alone: the public key browsers subscribe with, a device's subscription (the same
// endpoint again updates it: the console posts it on every open), the list with each device's
// last delivery, removal, and a test alert.
import { PUSH_LABEL_MAX, PUSH_SERVICE_HOSTS } from '../../src/config/push'
import { requireConsultant } from '../platform/auth'
import { refuseProblems } from '../platform/errors'
import type { App, RequestEvent } from '../platform/events'
import { isJsonObject, noStore, pathValue } from '../platform/request'
import { findOrNull, firstWhere } from '../platform/sql'
import { enqueue } from '../queue/index'
import type { PushDevice } from './api'
import { base64Url, fromBase64Url } from './bytes'
import { pushPrivateAllowed } from './channel'
import { vapidKeys } from './keys'
import { TEST_KIND } from './kinds'
import { isDeviceKey } from './webpush'

const ONLY_CONSULTANT = 'Only the site admin can manage alerts.'
/** More devices than a person has: a bound on the rows (and pushes per lead). */
const MAX_DEVICES = 20

function hostOf(endpoint: string): string {
  const match = /^https?:\/\/([^/?#:]+)/i.exec(endpoint)
  return match ? match[1].toLowerCase() : ''
}

/** True for a push service's host or a host under one. */
function isPushService(host: string): boolean {
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`))
}

/** Why `endpoint` cannot be a device's push endpoint ('' when it can). */
export function endpointProblem(endpoint: unknown): string {
  if (typeof endpoint !== 'string' || !endpoint) return 'The subscription has no endpoint.'
  if (endpoint.length > 1000) return 'The endpoint is too long.'
  if (/[\s\u0000-\u001f\u007f]/.test(endpoint)) return 'The endpoint is not a web address.'
  if (pushPrivateAllowed()) {
    return /^https?:\/\/[^/?#]+\//i.test(endpoint) ? '' : 'The endpoint is not a web address.'
  }
  if (!/^https:\/\/[^/?#]+\//i.test(endpoint)) return 'The endpoint must be an https address.'
  return isPushService(hostOf(endpoint)) ? '' : 'The endpoint is not a known browser push service.'
}

function clean(label: unknown): string {
  return String(typeof label === 'string' ? label : '')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, PUSH_LABEL_MAX)
}

function answerOf(record: core.Record): PushDevice {
  return {
    id: record.id,
    label: record.getString('label'),
    created: record.getString('created'),
    endpointHost: hostOf(record.getString('endpoint')),
    lastDeliveryAt: record.getString('lastDeliveryAt'),
    lastStatus: record.getString('lastStatus') as PushDevice['lastStatus'],
    lastError: record.getString('lastError'),
  }
}

/** GET /api/push/public-key -> { publicKey } (base64url, what `applicationServerKey` takes). */
export function getPublicKey(e: RequestEvent): unknown {
  requireConsultant(e, ONLY_CONSULTANT)
  noStore(e)
  return e.json(200, { publicKey: base64Url(vapidKeys(e.app).publicKey) })
}

/** POST /api/push/subscriptions {endpoint, keys: {p256dh, auth}, label?} -> the device. */
export function postSubscription(e: RequestEvent): unknown {
  requireConsultant(e, ONLY_CONSULTANT)
  noStore(e)
  const body = e.requestInfo().body as unknown
  const input = isJsonObject(body) ? body : {}
  const keys = isJsonObject(input.keys) ? input.keys : {}
  const problems: Record<string, string> = {}
  const endpointIssue = endpointProblem(input.endpoint)
  if (endpointIssue) problems.endpoint = endpointIssue
  const p256dh = fromBase64Url(String(keys.p256dh ?? ''))
  if (!p256dh || !isDeviceKey(p256dh)) {
    problems['keys.p256dh'] = 'The key must be a P-256 public key (65 bytes, base64url).'
  }
  const auth = fromBase64Url(String(keys.auth ?? ''))
  if (!auth || auth.length !== 16) problems['keys.auth'] = 'The secret must be 16 bytes, base64url.'
  if (input.label !== undefined && typeof input.label !== 'string') {
    problems.label = 'The name must be text.'
  }
  refuseProblems('Please check the subscription.', problems)
  const endpoint = String(input.endpoint)
  const saved = saveDevice(e.app, {
    endpoint,
    p256dh: base64Url(p256dh as Uint8Array),
    auth: base64Url(auth as Uint8Array),
    label: clean(input.label) || 'A device',
  })
  return e.json(200, answerOf(saved))
}

function saveDevice(
  app: App,
  fields: { endpoint: string; p256dh: string; auth: string; label: string },
): core.Record {
  let saved: core.Record | null = null
  app.runInTransaction((txApp) => {
    let record = firstWhere(txApp, 'push_subscriptions', 'endpoint = {:endpoint}', {
      endpoint: fields.endpoint,
    })
    if (!record) {
      const count = txApp.countRecords('push_subscriptions')
      if (count >= MAX_DEVICES) {
        refuseProblems('Too many devices.', {
          endpoint: `Alerts go to at most ${MAX_DEVICES} devices: remove one first.`,
        })
      }
      record = new Record(txApp.findCollectionByNameOrId('push_subscriptions'))
      record.set('endpoint', fields.endpoint)
    }
    record.set('p256dh', fields.p256dh)
    record.set('auth', fields.auth)
    record.set('label', fields.label)
    txApp.save(record)
    saved = record
  })
  return saved as unknown as core.Record
}

/** GET /api/push/subscriptions -> { items } (newest first). */
export function listSubscriptions(e: RequestEvent): unknown {
  requireConsultant(e, ONLY_CONSULTANT)
  noStore(e)
  const records = e.app.findRecordsByFilter('push_subscriptions', '', '-created', MAX_DEVICES, 0)
  const items = records.filter((r): r is core.Record => !!r).map(answerOf)
  return e.json(200, { items })
}

function deviceOr404(e: RequestEvent): core.Record {
  const device = findOrNull(e.app, 'push_subscriptions', pathValue(e, 'id'))
  if (!device) throw new NotFoundError('There is no such device.')
  return device
}

/** DELETE /api/push/subscriptions/{id} -> 204. */
export function deleteSubscription(e: RequestEvent): unknown {
  requireConsultant(e, ONLY_CONSULTANT)
  noStore(e)
  e.app.delete(deviceOr404(e))
  return e.noContent(204)
}

/** POST /api/push/subscriptions/{id}/test -> 202 { queued }: a test alert, within seconds. */
export function testSubscription(e: RequestEvent): unknown {
  requireConsultant(e, ONLY_CONSULTANT)
  noStore(e)
  const device = deviceOr404(e)
  const now = Date.now()
  const result = enqueue(e.app, {
    kind: TEST_KIND,
    recipient: device.id,
    sourceId: device.id,
    uniqueKey: `${TEST_KIND}:${device.id}:${now}`,
  })
  return e.json(202, { queued: result.queued })
}
