// The server's VAPID key pair (RFC 8292): the private key is the app secret `vapid_private`
// (made once by the migration), the public key is derived from it. Each engine reads it once.
import type { App } from '../platform/events'
import { hexBytes } from './bytes'
import { publicKeyOf } from './webpush'
import type { VapidKeys } from './webpush'

const STORE_KEY = 'push:vapid-private'

export function vapidKeys(app: App): VapidKeys {
  const store = app.store()
  let hex = String(store.get(STORE_KEY) || '')
  if (!hex) {
    hex = app.findFirstRecordByData('app_secrets', 'name', 'vapid_private').getString('value')
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('The VAPID key in app_secrets is malformed.')
    store.set(STORE_KEY, hex)
  }
  const privateKey = hexBytes(hex)
  return { privateKey, publicKey: publicKeyOf(privateKey) }
}
