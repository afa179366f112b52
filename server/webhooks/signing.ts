// Standard Webhooks signing: every delivery carries
//   webhook-id: the event's id (the same on every retry, so receivers drop duplicates)
//   webhook-timestamp: seconds since 1970 when this attempt was signed
//   webhook-signature: v1,<base64 of HMAC-SHA256(key, "<id>.<timestamp>.<body>")>
// keyed by the bytes whose base64 follows `whsec_` in the endpoint's secret.
//
// $security.hs256 takes its key as a string, and a JavaScript string reaches Go as UTF-8: a key
// byte of 0x80 or more would become two bytes. So the key is made of ASCII letters and digits
// only (36 of them, about 214 bits), which pass through unchanged; the secret shown to the
// consultant is still `whsec_` + base64 of those bytes, as any Standard Webhooks library reads it.
import { parsePbTime } from '../../src/config/dates'

const PREFIX = 'whsec_'
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
// A multiple of 3 bytes: the base64 has no padding.
const KEY_LENGTH = 36
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The three headers of one signed attempt (a type, so it is a Record<string, string> too). */
export type SignatureHeaders = {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

/** Standard base64 of bytes given as numbers 0-255. */
export function base64FromBytes(bytes: number[]): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0
    const triple = (a << 16) | (b << 8) | c
    out += BASE64[(triple >> 18) & 63] + BASE64[(triple >> 12) & 63]
    out += i + 1 < bytes.length ? BASE64[(triple >> 6) & 63] : '='
    out += i + 2 < bytes.length ? BASE64[triple & 63] : '='
  }
  return out
}

/** The bytes of standard base64 text (padding optional); null for anything else. */
export function bytesFromBase64(text: string): number[] | null {
  const clean = String(text).replace(/=+$/, '')
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) return null
  const bytes: number[] = []
  let buffer = 0
  let bits = 0
  for (let i = 0; i < clean.length; i++) {
    buffer = (buffer << 6) | BASE64.indexOf(clean[i])
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes.push((buffer >> bits) & 255)
    }
  }
  return bytes
}

function bytesFromHex(hex: string): number[] {
  const bytes: number[] = []
  for (let i = 0; i + 1 < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16))
  return bytes
}

/** The bytes of ASCII text. */
function asciiBytes(text: string): number[] {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) bytes.push(text.charCodeAt(i))
  return bytes
}

/** A new endpoint secret: `whsec_` + base64 of 36 random ASCII letters and digits. */
export function newSecret(): string {
  const key = $security.randomStringWithAlphabet(KEY_LENGTH, KEY_ALPHABET)
  return PREFIX + base64FromBytes(asciiBytes(key))
}

/**
 * The HMAC key of a secret made by newSecret, as the string $security.hs256 takes. Throws for a
 * secret that is not `whsec_` + base64 of ASCII bytes (it would sign with the wrong key).
 */
export function keyOf(secret: string): string {
  const text = String(secret || '')
  const bytes = text.indexOf(PREFIX) === 0 ? bytesFromBase64(text.slice(PREFIX.length)) : null
  if (!bytes || bytes.length < 24) throw new Error('The endpoint secret is malformed.')
  let key = ''
  for (const byte of bytes) {
    if (byte < 32 || byte > 126) throw new Error('The endpoint secret is malformed.')
    key += String.fromCharCode(byte)
  }
  return key
}

/**
 * The three Standard Webhooks headers of one attempt, for `secrets` (the endpoint's `whsec_...`
 * secrets, current first), `messageId` (webhook-id), the time it is signed and the exact JSON
 * text sent. With more than one secret (the previous one after a rotation) the signature header
 * carries one `v1,...` per secret, space-separated, and a receiver accepts the message when any
 * of them verifies.
 */
export function signatureHeaders(
  secrets: string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
): SignatureHeaders {
  const timestamp = String(Math.floor(timestampSeconds))
  const signed = `${messageId}.${timestamp}.${body}`
  const signatures = secrets.map(
    (secret) => `v1,${base64FromBytes(bytesFromHex($security.hs256(signed, keyOf(secret))))}`,
  )
  return {
    'webhook-id': messageId,
    'webhook-timestamp': timestamp,
    'webhook-signature': signatures.join(' '),
  }
}

/** The secrets that sign a delivery now: the current one, and the previous one while it lasts. */
export function signingSecrets(record: core.Record, nowMs: number): string[] {
  const secrets = [record.getString('secret')]
  const previous = record.getString('previousSecret')
  const until = parsePbTime(record.getString('previousSecretUntil'))
  if (previous && until > nowMs) secrets.push(previous)
  return secrets
}
