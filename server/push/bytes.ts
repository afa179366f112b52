// Bytes for Web Push: base64url (RFC 4648 section 5, no padding) and UTF-8, which the engine has
// no built-ins for (no TextEncoder, no atob).
import { base64FromBytes, bytesFromBase64 } from '../webhooks/index'

export function base64Url(bytes: Uint8Array): string {
  return base64FromBytes(Array.from(bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** The bytes of base64url (or standard base64) text; null for anything else. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (typeof text !== 'string') return null
  const standard = text.replace(/-/g, '+').replace(/_/g, '/')
  const bytes = bytesFromBase64(standard)
  return bytes ? Uint8Array.from(bytes) : null
}

/** UTF-8 of a string. */
export function utf8(text: string): Uint8Array {
  const out: number[] = []
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1)
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00)
        i++
      }
    }
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd
    if (code < 0x80) out.push(code)
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 63))
    else if (code < 0x10000)
      out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63))
    else
      out.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      )
  }
  return Uint8Array.from(out)
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  let length = 0
  for (const part of parts) length += part.length
  const out = new Uint8Array(length)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** `count` random bytes from the server's CSPRNG (Go's crypto/rand behind $security). */
export function randomBytes(count: number): Uint8Array {
  const hex = $security.randomStringWithAlphabet(count * 2, '0123456789abcdef')
  return hexBytes(hex)
}

export function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length >> 1)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16)
  return out
}

export function hexOf(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16)
  return out
}
