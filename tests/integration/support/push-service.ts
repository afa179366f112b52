// A browser push service on loopback for the alert tests, doing what a real one does with a
// message: it checks the VAPID signature (RFC 8292: an ES256 JWT for its own origin, checked
// with the key in `k=`), and the test's "device" decrypts the body (RFC 8291, aes128gcm) with
// its own private key and secret, as a browser would. Answers 201, or what a test tells it.
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto'
import type { ECDH } from 'node:crypto'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { PushAlert } from '../../../src/config/push'

export interface PushRequest {
  path: string
  headers: Record<string, string>
  body: Buffer
  at: number
}

/** A device's subscription keys, as a browser makes them. */
export interface TestDevice {
  ecdh: ECDH
  publicKey: Buffer
  auth: Buffer
  /** The subscription as PushSubscription.toJSON() gives it. */
  subscription(endpoint: string): { endpoint: string; keys: { p256dh: string; auth: string } }
}

export function newDevice(): TestDevice {
  const ecdh = createECDH('prime256v1')
  const publicKey = ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    publicKey,
    auth,
    subscription: (endpoint) => ({
      endpoint,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    }),
  }
}

/** The alert in `body`, decrypted by `device` (throws if it is not for it). */
export function decryptAlert(body: Buffer, device: TestDevice): PushAlert {
  const salt = body.subarray(0, 16)
  const idLength = body[20]
  const senderKey = body.subarray(21, 21 + idLength)
  const ciphertext = body.subarray(21 + idLength)
  const shared = device.ecdh.computeSecret(senderKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey])
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32))
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  )
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  )
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16))
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ])
  let end = plain.length - 1
  while (end > 0 && plain[end] === 0) end--
  if (plain[end] !== 2) throw new Error('no last-record delimiter')
  return JSON.parse(plain.subarray(0, end).toString('utf8')) as PushAlert
}

/**
 * The VAPID claims of a request, after checking its signature with the key it names; throws
 * when the header is malformed or the signature does not verify.
 */
export function vapidClaims(authorization: string): {
  aud: string
  exp: number
  sub: string
  key: string
} {
  const match = /^vapid t=([^,\s]+), k=([A-Za-z0-9_-]+)$/.exec(authorization)
  if (!match) throw new Error(`not a VAPID header: ${authorization}`)
  const [header, claims, signature] = match[1].split('.')
  const point = Buffer.from(match[2], 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!ok) throw new Error('the VAPID signature does not verify')
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string
    exp: number
    sub: string
  }
  return { ...parsed, key: match[2] }
}

export interface PushService {
  origin: string
  received: PushRequest[]
  at(path: string): PushRequest[]
  /** How to answer requests to `path` from now on (default 201). */
  answer(path: string, status: number): void
  close(): Promise<void>
}

export async function startPushService(): Promise<PushService> {
  const received: PushRequest[] = []
  const answers = new Map<string, number>()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url || '/'
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers)) headers[name] = String(value)
      received.push({ path, headers, body: Buffer.concat(chunks), at: Date.now() })
      res.writeHead(answers.get(path) ?? 201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    at: (path) => received.filter((r) => r.path === path),
    answer: (path, status) => answers.set(path, status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
