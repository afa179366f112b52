// The shipped deploy/Caddyfile in a real Caddy (tls internal, loopback) in front of `npm start`
// with the production env: TLS with HSTS, compression by Caddy, the body limit, and the
// visitor's own IP for the rate limiter and the superuser IP check, which nobody can forge.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FROM,
  SHIPPED_CADDYFILE,
  SUPERUSER,
  ensureCommand,
  startFront,
  type Answer,
  type Front,
} from './support/front'

let front: Front

beforeAll(async () => {
  front = await startFront()
})

afterAll(async () => {
  await front?.stop()
})

function json(answer: Answer) {
  return JSON.parse(answer.body.toString('utf8'))
}

function signIn(
  url: string,
  collection: string,
  identity: string,
  password: string,
  from: string,
  headers: Record<string, string> = {},
) {
  return front.request(`${url}/api/collections/${collection}/auth-with-password`, {
    method: 'POST',
    from,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ identity, password }),
  })
}

/** The production `*:auth` allowance, read from the server's own settings. */
async function authLimit(): Promise<number> {
  const token = json(
    await signIn(front.appUrl, '_superusers', SUPERUSER.email, SUPERUSER.password, '127.0.0.1'),
  ).token
  const settings = json(
    await front.request(`${front.appUrl}/api/settings`, { headers: { authorization: token } }),
  )
  expect(settings.rateLimits.enabled).toBe(true)
  expect(settings.rateLimits.excludedIPs ?? []).toEqual([])
  const rule = settings.rateLimits.rules.find((r: { label: string }) => r.label === '*:auth')
  expect(rule.maxRequests).toBeGreaterThan(0)
  return rule.maxRequests
}

describe('the shipped Caddyfile', () => {
  it('is valid as shipped and formatted as caddy fmt writes it', () => {
    const caddy = ensureCommand('caddy', 'caddy')
    const home = mkdtempSync(join(tmpdir(), 'caddy-validate-'))
    try {
      const env = { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home }
      const validate = spawnSync(
        caddy,
        ['validate', '--config', SHIPPED_CADDYFILE, '--adapter', 'caddyfile'],
        { encoding: 'utf8', env },
      )
      expect(validate.status, validate.stderr).toBe(0)
      const fmt = spawnSync(caddy, ['fmt', SHIPPED_CADDYFILE], { encoding: 'utf8', env })
      expect(fmt.stdout).toBe(readFileSync(SHIPPED_CADDYFILE, 'utf8'))
    } finally {
      rmSync(home, { recursive: true, force: true })
    }
  })
})

describe('TLS and headers', () => {
  it('serves the site over TLS with HSTS and the security headers, without a Server banner', async () => {
    const page = await front.request(`${front.proxyUrl}/`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(page.status).toBe(200)
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(page.headers['content-security-policy']).toContain("default-src 'self'")
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(page.headers.server).toBeUndefined()
    // API answers carry them too.
    const health = await front.request(`${front.proxyUrl}/api/health`)
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(health.headers['x-content-type-options']).toBe('nosniff')
  })

  it('redirects plain HTTP to HTTPS', async () => {
    const answer = await front.request(`${front.plainUrl}/free-audit`, {
      headers: { host: '127.0.0.1' },
    })
    expect([301, 308]).toContain(answer.status)
    expect(answer.headers.location).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/free-audit$/)
  })
})

describe('compression', () => {
  it('is done by Caddy: the page and its script arrive gzipped, PocketBase sends them plain', async () => {
    const page = await front.request(`${front.proxyUrl}/`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(page.headers['content-encoding']).toBe('gzip')
    const html = gunzipSync(page.body).toString('utf8')
    expect(html).toContain('<html')
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeTruthy()
    const js = await front.request(`${front.proxyUrl}${script}`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(js.status).toBe(200)
    expect(js.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(js.body).length).toBeGreaterThan(js.body.length * 2)

    // APP_GZIP=false: the hooks leave it to the proxy.
    const direct = await front.request(`${front.appUrl}/`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(direct.status).toBe(200)
    expect(direct.headers['content-encoding']).toBeUndefined()
    expect(direct.body.toString('utf8')).toContain('<html')
  })

  it('leaves the realtime event stream unbuffered', async () => {
    const first = await front.firstChunk(`${front.proxyUrl}/api/realtime`, {
      headers: { 'accept-encoding': 'gzip', accept: 'text/event-stream' },
    })
    expect(first.status).toBe(200)
    expect(first.headers['content-encoding']).toBeUndefined()
    expect(first.body.toString('utf8')).toContain('PB_CONNECT')
  })
})

describe('body limit', () => {
  it('refuses a body over 6 MB with 413 and passes a normal one', async () => {
    const huge = JSON.stringify({
      name: 'x',
      email: 'big@example.com',
      message: 'y'.repeat(7 * 1024 * 1024),
    })
    // Refused on its declared length, before any of it is read: the test sends the headers
    // only, so no reset for the unread body can race the answer (it did under load).
    const refused = await front.request(`${front.proxyUrl}/api/collections/contacts/records`, {
      method: 'POST',
      from: FROM.stranger,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(huge)),
      },
    })
    expect(refused.status).toBe(413)

    const normal = await front.request(`${front.proxyUrl}/api/collections/contacts/records`, {
      method: 'POST',
      from: FROM.stranger,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Pat',
        email: 'pat@example.com',
        message: 'Hello there',
        source: 'portfolio_website',
      }),
    })
    expect(normal.status).toBe(200)
  })
})

describe("the visitor's IP", () => {
  it('gives each visitor behind the proxy a rate-limit bucket of their own, which no header escapes', async () => {
    const limit = await authLimit()
    // A different account each time: failed sign-ins are also throttled per account
    // (pb_hooks/signin-throttle.pb.js, server/limits/signin-throttle.ts), and this is about the
    // per-address bucket.
    let attempt = 0
    const tryA = (headers: Record<string, string> = {}) =>
      signIn(
        front.proxyUrl,
        'users',
        `nobody-${attempt++}@example.com`,
        'wrong-password',
        FROM.visitorA,
        headers,
      )
    for (let n = 0; n < limit; n++) expect((await tryA()).status).toBe(400)
    expect((await tryA()).status).toBe(429)

    // Another visitor through the same proxy is not affected.
    const b = await signIn(
      front.proxyUrl,
      'users',
      'somebody-else@example.com',
      'wrong-password',
      FROM.visitorB,
    )
    expect(b.status).toBe(400)

    // Visitor A cannot claim another address through the proxy: Caddy replaces the header.
    expect((await tryA({ 'x-forwarded-for': '203.0.113.7' })).status).toBe(429)

    // Nor by going around the proxy: PocketBase ignores X-Forwarded-For from anyone but it.
    const direct = await signIn(
      front.appUrl,
      'users',
      'yet-another@example.com',
      'wrong-password',
      FROM.visitorA,
      {
        'x-forwarded-for': '203.0.113.8',
      },
    )
    expect(direct.status).toBe(429)
  })

  it('lets superusers in only from SUPERUSER_IPS (and the machine itself)', async () => {
    const owner = await signIn(
      front.proxyUrl,
      '_superusers',
      SUPERUSER.email,
      SUPERUSER.password,
      FROM.owner,
    )
    expect(owner.status).toBe(200)
    const token = json(owner).token

    const stranger = await signIn(
      front.proxyUrl,
      '_superusers',
      SUPERUSER.email,
      SUPERUSER.password,
      FROM.stranger,
    )
    expect(stranger.status).not.toBe(200)
    expect(stranger.body.toString()).not.toContain('"token"')
    // A valid superuser token from elsewhere is refused too.
    const stolen = await front.request(`${front.proxyUrl}/api/settings`, {
      from: FROM.stranger,
      headers: { authorization: token },
    })
    expect(stolen.status).toBe(403)
    // Forging the owner's address straight to PocketBase does not help.
    const forged = await front.request(`${front.appUrl}/api/settings`, {
      from: FROM.stranger,
      headers: { authorization: token, 'x-forwarded-for': FROM.owner },
    })
    expect(forged.status).toBe(403)

    // The machine itself (npm run backup, npm run admin) is always allowed.
    const local = await front.request(`${front.appUrl}/api/settings`, {
      headers: { authorization: token },
    })
    expect(local.status).toBe(200)
  })
})

describe('the clock', () => {
  it("runs PocketBase on the site's time zone when started by npm start", () => {
    expect(front.serverEnv().TZ).toBe('America/New_York')
  })
})
