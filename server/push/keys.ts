// The server's VAPID key pair (RFC 8292): the private key is the app secret `vapid_private`
// (made once by the migration), the public key is derived from it. Each engine reads it once.
import type { App } from '../platform/events'
import { hexBytes, hexOf } from './bytes'
import { publicKeyOf } from './webpush'
import type { VapidKeys } from './webpush'

const STORE_KEY = 'push:vapid-pair'

export function vapidKeys(app: App): VapidKeys {
  const store = app.store()
  // "<private hex>:<public hex>": the public key is a point multiplication, made once.
  let pair = String(store.get(STORE_KEY) || '')
  if (!pair) {
    const hex = app.findFirstRecordByData('app_secrets', 'name', 'vapid_private').getString('value')
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('The VAPID key in app_secrets is malformed.')
    pair = `${hex}:${hexOf(publicKeyOf(hexBytes(hex)))}`
    store.set(STORE_KEY, pair)
  }
  const [privateHex, publicHex] = pair.split(':')
  return { privateKey: hexBytes(privateHex), publicKey: hexBytes(publicHex) }
}
