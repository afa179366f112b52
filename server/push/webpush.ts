// One Web Push message, as a push service takes it: the payload encrypted for the device
// (RFC 8291, "aes128gcm" of RFC 8188: ECDH on P-256 with a fresh key per message, HKDF-SHA-256,
// AES-128-GCM, one record) and the server's VAPID signature (RFC 8292: an ES256 JWT for the
// push service's origin, and the public key it is checked with). The engine has no ECDH, ECDSA
// or AES: the audited pure-JavaScript @noble libraries do it (about 40 ms a message here).
import { gcm } from '@noble/ciphers/aes.js'
import { p256 } from '@noble/curves/nist.js'
import { hkdf } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64Url, concat, randomBytes, utf8 } from './bytes'

/** The record size written in the header; a single record of any alert fits. */
const RECORD_SIZE = 4096
/** How long a VAPID token is good for (RFC 8292 allows at most 24 hours). */
const TOKEN_HOURS = 12

export interface DeviceKeys {
  /** The device's P-256 public key, 65 bytes (uncompressed). */
  p256dh: Uint8Array
  /** The device's 16-byte authentication secret. */
  auth: Uint8Array
}

export interface VapidKeys {
  privateKey: Uint8Array
  /** 65 bytes, uncompressed: what browsers subscribe with (`applicationServerKey`). */
  publicKey: Uint8Array
}

/** A private key the curve accepts, from the server's random bytes. */
export function newPrivateKey(): Uint8Array {
  for (;;) {
    const key = randomBytes(32)
    if (p256.utils.isValidSecretKey(key)) return key
  }
}

export function publicKeyOf(privateKey: Uint8Array): Uint8Array {
  return p256.getPublicKey(privateKey, false)
}

/** True for 65 bytes that are a point of P-256. */
export function isDeviceKey(bytes: Uint8Array): boolean {
  if (bytes.length !== 65 || bytes[0] !== 4) return false
  try {
    p256.Point.fromBytes(bytes).assertValidity()
    return true
  } catch {
    return false
  }
}

/**
 * The request body for `plaintext` to the device: salt, record size, the message's public key,
 * then the ciphertext of the plaintext and its delimiter.
 */
export function encrypt(
  plaintext: Uint8Array,
  device: DeviceKeys,
  fresh: { privateKey: Uint8Array; salt: Uint8Array } = {
    privateKey: newPrivateKey(),
    salt: randomBytes(16),
  },
): Uint8Array {
  const senderPublic = publicKeyOf(fresh.privateKey)
  // The shared secret is the x coordinate of the shared point.
  const shared = p256.getSharedSecret(fresh.privateKey, device.p256dh, true).slice(1)
  const keyInfo = concat(utf8('WebPush: info'), Uint8Array.of(0), device.p256dh, senderPublic)
  const ikm = hkdf(sha256, shared, device.auth, keyInfo, 32)
  const cek = contentKey(ikm, fresh.salt, 'aes128gcm', 16)
  const nonce = contentKey(ikm, fresh.salt, 'nonce', 12)
  // One record, the last: the plaintext, then the delimiter 2 (no padding).
  const ciphertext = gcm(cek, nonce).encrypt(concat(plaintext, Uint8Array.of(2)))
  const header = new Uint8Array(16 + 4 + 1)
  header.set(fresh.salt, 0)
  header[16] = (RECORD_SIZE >>> 24) & 255
  header[17] = (RECORD_SIZE >>> 16) & 255
  header[18] = (RECORD_SIZE >>> 8) & 255
  header[19] = RECORD_SIZE & 255
  header[20] = senderPublic.length
  return concat(header, senderPublic, ciphertext)
}

/** RFC 8188's key or nonce: HKDF of the input key with the salt, for "Content-Encoding: <label>". */
function contentKey(ikm: Uint8Array, salt: Uint8Array, label: string, length: number): Uint8Array {
  return hkdf(
    sha256,
    ikm,
    salt,
    concat(utf8(`Content-Encoding: ${label}`), Uint8Array.of(0)),
    length,
  )
}

/** The origin (scheme, host, port) of a push endpoint, which the token is for. */
export function originOf(endpoint: string): string {
  const match = /^(https?:\/\/[^/?#]+)/i.exec(endpoint)
  return match ? match[1].toLowerCase() : ''
}

/** `Authorization: vapid t=<JWT>, k=<public key>` for a request to `endpoint`. */
export function vapidAuthorization(
  endpoint: string,
  keys: VapidKeys,
  subject: string,
  nowMs: number,
): string {
  const header = base64Url(utf8(JSON.stringify({ typ: 'JWT', alg: 'ES256' })))
  const claims = base64Url(
    utf8(
      JSON.stringify({
        aud: originOf(endpoint),
        exp: Math.floor(nowMs / 1000) + TOKEN_HOURS * 60 * 60,
        sub: subject,
      }),
    ),
  )
  const input = `${header}.${claims}`
  // ES256: ECDSA over SHA-256 of the input, r and s as 32 bytes each; deterministic (RFC 6979).
  const signature = p256.sign(utf8(input), keys.privateKey, { prehash: true, extraEntropy: false })
  return `vapid t=${input}.${base64Url(signature)}, k=${base64Url(keys.publicKey)}`
}
