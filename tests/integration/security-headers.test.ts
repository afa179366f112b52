// Security headers on every response (pb_hooks/headers.pb.js, server/pages/response-headers.ts),
// checked on a PocketBase of our own serving a small fixture site, as `npm start` serves dist/:
// the site, its SPA fallback, the API (answers, errors, a 429) and the superuser dashboard. The
// cache headers of pb_hooks/headers.pb.js must survive next to them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startPocketBase } from '../../scripts/pocketbase.mjs'
import { site } from '../../src/config/site'
import { SITE_CONTENT_DEFAULTS } from '../../src/config/site-content'
import { harnessEnv } from './harness-env'
import { migratedDataDir } from './support/data-dir'

const SITE: Record<string, string> = {
  'index.html': '<!doctype html><html><body><div id="root"></div></body></html>',
  'sw.js': 'self.addEventListener("fetch", () => {})',
  'workbox-1a2b3c4d.js': 'define([], () => {})',
  'manifest.webmanifest': JSON.stringify({ name: 'Fixture', start_url: '/' }),
  'assets/index-Bx3f9QaZ.js': 'console.log("app")',
  'icons/icon-192.png': 'not really a png',
}

const SCHEDULER_SCRIPT = new URL(site.booking.scriptUrl).origin
const SCHEDULER_FRAME = new URL(SITE_CONTENT_DEFAULTS.booking.strategyCallUrl).origin

/** The policy: this origin only, plus the scheduler's script and frame origins. */
const EXPECTED_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", SCHEDULER_SCRIPT],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': [SCHEDULER_FRAME],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
}

const DENIED_FEATURES = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid']

function parseCsp(header: string | null): Record<string, string[]> {
  const policy: Record<string, string[]> = {}
  for (const directive of (header ?? '').split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/)
    if (name) policy[name] = values
  }
  return policy
}

let server: { url: string; stop: () => Promise<void> }
let publicDir: string
let dataDir: string

beforeAll(async () => {
  publicDir = mkdtempSync(join(tmpdir(), 'pb-sec-public-'))
  for (const [file, body] of Object.entries(SITE)) {
    mkdirSync(dirname(join(publicDir, file)), { recursive: true })
    writeFileSync(join(publicDir, file), body)
  }
  dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'pb-sec-headers-')))
  server = await startPocketBase({ dataDir, publicDir, env: harnessEnv() })
})

afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(publicDir, { recursive: true, force: true })
})

function expectCommonHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  expect(res.headers.get('x-frame-options')).toBe('DENY')
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
  const permissions = res.headers.get('permissions-policy') ?? ''
  for (const feature of DENIED_FEATURES) expect(permissions).toContain(`${feature}=()`)
  expect(permissions).not.toMatch(/=\(self|=\*/)
}

const requests: [string, () => Promise<Response>, number][] = [
  ['the app shell', () => fetch(`${server.url}/`), 200],
  ['an app route (SPA fallback)', () => fetch(`${server.url}/audit-admin`), 200],
  ['a fingerprinted script', () => fetch(`${server.url}/assets/index-Bx3f9QaZ.js`), 200],
  ['the service worker', () => fetch(`${server.url}/sw.js`), 200],
  ['the manifest', () => fetch(`${server.url}/manifest.webmanifest`), 200],
  ['the health check', () => fetch(`${server.url}/api/health`), 200],
  ['a record list', () => fetch(`${server.url}/api/collections/contacts/records`), 200],
  [
    'a refused create (400)',
    () =>
      fetch(`${server.url}/api/collections/contacts/records`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":',
      }),
    400,
  ],
  [
    'a record that is not there (404)',
    () => fetch(`${server.url}/api/collections/contacts/records/aaaaaaaaaaaaaaa`),
    404,
  ],
  ['a guest asking for the settings (401)', () => fetch(`${server.url}/api/settings`), 401],
  [
    // PocketBase's CORS middleware answers a preflight itself, before most middlewares run.
    'a CORS preflight (OPTIONS)',
    () =>
      fetch(`${server.url}/api/health`, {
        method: 'OPTIONS',
        headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
      }),
    204,
  ],
  [
    'a body over its route limit (413)',
    () => fetch(`${server.url}/api/newsletter/confirm`, { method: 'POST', body: 'x'.repeat(5000) }),
    413,
  ],
]

describe('every response of the site and the API', () => {
  it.each(requests)(
    '%s carries the CSP and the security headers',
    async (_what, request, status) => {
      const res = await request()
      expect(res.status).toBe(status)
      expect(parseCsp(res.headers.get('content-security-policy'))).toEqual(EXPECTED_CSP)
      expectCommonHeaders(res)
    },
  )

  it('allows no inline script or style, no eval and no other origin than the scheduler', async () => {
    const header = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? ''
    expect(header).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/)
    const origins = header.match(/https:\/\/[^\s;]+/g) ?? []
    expect(new Set(origins)).toEqual(new Set([SCHEDULER_SCRIPT, SCHEDULER_FRAME]))
  })

  it('also covers a 429 from the rate limiter', async () => {
    let res: Response | undefined
    for (let n = 0; n < 12; n++) {
      res = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identity: 'nobody@example.com', password: `guess-${n}-guess` }),
      })
    }
    expect(res?.status).toBe(429)
    expect(parseCsp(res!.headers.get('content-security-policy'))).toEqual(EXPECTED_CSP)
    expectCommonHeaders(res!)
  })

  it('keeps the cache headers of pb_hooks/headers.pb.js beside them', async () => {
    expect((await fetch(`${server.url}/`)).headers.get('cache-control')).toBe('no-cache')
    expect(
      (await fetch(`${server.url}/assets/index-Bx3f9QaZ.js`)).headers.get('cache-control'),
    ).toBe('public, max-age=31536000, immutable')
    expect((await fetch(`${server.url}/manifest.webmanifest`)).headers.get('content-type')).toBe(
      'application/manifest+json',
    )
  })
})

describe('the PocketBase dashboard at /_/', () => {
  it("keeps PocketBase's own CSP (it needs inline styles) and gets the other headers", async () => {
    const res = await fetch(`${server.url}/_/`)
    expect(res.status).toBe(200)
    const policy = parseCsp(res.headers.get('content-security-policy'))
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(policy['script-src']).not.toContain("'unsafe-inline'")
    expectCommonHeaders(res)
  })
})
