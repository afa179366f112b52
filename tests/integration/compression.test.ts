// gzip from pb_hooks/compression.pb.js (server/pages/compression.ts) on a real PocketBase of our
// own, serving a small fixture site from a temp public dir: which responses are compressed, that
// they decompress to the very bytes of the file, and that realtime events still stream.
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startPocketBase, upsertSuperuser } from '../../scripts/pocketbase.mjs'
import { harnessEnv, SUPERUSER } from './harness-env'
import { migratedDataDir } from './support/data-dir'

// Big enough that compression obviously pays (PocketBase's middleware has no minimum length).
const SCRIPT = `export const rows = ${JSON.stringify(
  Array.from({ length: 400 }, (_, i) => ({ id: i, label: `row number ${i}` })),
)}\n`
const INDEX_HTML = `<!doctype html><html><head><title>Fixture</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`
const PNG = randomBytes(4096) // incompressible, like a real image

const SITE: Record<string, string | Buffer> = {
  'index.html': INDEX_HTML,
  'sw.js': SCRIPT,
  'manifest.webmanifest': JSON.stringify({ name: 'Fixture', description: 'x'.repeat(600) }),
  'assets/index-Bx3f9QaZ.js': SCRIPT,
  'assets/index-Dbt7yvsX.css': `${'.card{margin:0;padding:1rem}'.repeat(60)}\n`,
  'images/hero.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
  'icons/icon-192.png': PNG,
}

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A GET that shows the bytes on the wire (fetch would decompress them). */
function rawRequest(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

const GZIP = { 'accept-encoding': 'gzip, deflate, br' }

let server: { url: string; stop: () => Promise<void> }
let publicDir: string
let dataDir: string

beforeAll(async () => {
  publicDir = mkdtempSync(join(tmpdir(), 'pb-public-'))
  for (const [file, content] of Object.entries(SITE)) {
    mkdirSync(dirname(join(publicDir, file)), { recursive: true })
    writeFileSync(join(publicDir, file), content)
  }
  dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'pb-compression-')))
  upsertSuperuser(dataDir, SUPERUSER.email, SUPERUSER.password)
  server = await startPocketBase({ dataDir, publicDir, env: harnessEnv() })
})

afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(publicDir, { recursive: true, force: true })
})

describe('gzip for the static site', () => {
  it.each([
    ['the app shell', '/', INDEX_HTML],
    ['an app route (index.html fallback)', '/free-audit', INDEX_HTML],
    ['a fingerprinted script', '/assets/index-Bx3f9QaZ.js', SITE['assets/index-Bx3f9QaZ.js']],
    ['a fingerprinted stylesheet', '/assets/index-Dbt7yvsX.css', SITE['assets/index-Dbt7yvsX.css']],
    ['the service worker', '/sw.js', SCRIPT],
    ['the manifest', '/manifest.webmanifest', SITE['manifest.webmanifest']],
    ['an SVG illustration', '/images/hero.svg', SITE['images/hero.svg']],
  ])('compresses %s (%s) to the same bytes, smaller', async (_what, path, original) => {
    const res = await rawRequest(path, GZIP)
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(String(res.headers.vary)).toMatch(/Accept-Encoding/i)
    const decoded = gunzipSync(res.body)
    expect(decoded.equals(Buffer.from(original as string))).toBe(true)
    expect(res.body.length).toBeLessThan(decoded.length)
  })

  it('keeps the year-long immutable cache on compressed assets', async () => {
    const res = await rawRequest('/assets/index-Bx3f9QaZ.js', GZIP)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-type']).toContain('javascript')
  })

  it('sends the file as is to a client that does not accept gzip', async () => {
    const res = await rawRequest('/assets/index-Bx3f9QaZ.js')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe(SCRIPT)
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT))
  })

  it('leaves images alone: they are compressed formats already', async () => {
    const res = await rawRequest('/icons/icon-192.png', GZIP)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.equals(PNG)).toBe(true)
  })

  it('answers a Range request with the plain byte range', async () => {
    const res = await rawRequest('/assets/index-Bx3f9QaZ.js', { ...GZIP, range: 'bytes=0-9' })
    expect(res.status).toBe(206)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe(SCRIPT.slice(0, 10))
  })

  it('answers a revalidation with an empty 304, not an empty gzip stream', async () => {
    const first = await rawRequest('/sw.js', GZIP)
    const res = await rawRequest('/sw.js', {
      ...GZIP,
      'if-modified-since': String(first.headers['last-modified']),
    })
    expect(res.status).toBe(304)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.length).toBe(0)
  })
})

describe('gzip for the API', () => {
  async function superuserToken(): Promise<string> {
    const res = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: SUPERUSER.email, password: SUPERUSER.password }),
    })
    return ((await res.json()) as { token: string }).token
  }

  it('compresses a record list but not the single create that wrote it', async () => {
    const created = await rawRequest(
      '/api/collections/contacts/records',
      { ...GZIP, 'content-type': 'application/json' },
      'POST',
      JSON.stringify({
        name: 'Compression Test',
        email: 'compression@example.com',
        message: 'Checking which answers are compressed. '.repeat(20),
        source: 'portfolio_website',
      }),
    )
    expect(created.status).toBe(200)
    expect(created.headers['content-encoding']).toBeUndefined()

    const list = await rawRequest('/api/collections/contacts/records?perPage=50', {
      ...GZIP,
      authorization: await superuserToken(),
    })
    expect(list.status).toBe(200)
    expect(list.headers['content-encoding']).toBe('gzip')
    const body = JSON.parse(gunzipSync(list.body).toString()) as { items: { email: string }[] }
    expect(body.items.map((i) => i.email)).toContain('compression@example.com')
  })

  it("compresses the batch answer of the outbox's sync", async () => {
    const requests = Array.from({ length: 3 }, (_, n) => ({
      method: 'POST',
      url: '/api/collections/contacts/records',
      body: {
        name: `Batch ${n}`,
        email: `batch-${n}@example.com`,
        message: 'Queued while offline, sent in one batch. '.repeat(10),
        source: 'portfolio_website',
      },
    }))
    const res = await rawRequest(
      '/api/batch',
      { ...GZIP, 'content-type': 'application/json' },
      'POST',
      JSON.stringify({ requests }),
    )
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    const answers = JSON.parse(gunzipSync(res.body).toString()) as { status: number }[]
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
  })

  it('streams realtime events uncompressed, the moment they happen', async () => {
    const started = Date.now()
    const firstEvent = await new Promise<{ headers: RawResponse['headers']; text: string }>(
      (resolve, reject) => {
        const req = request(`${server.url}/api/realtime`, { headers: GZIP }, (res) => {
          res.once('data', (chunk: Buffer) => {
            resolve({ headers: res.headers, text: chunk.toString() })
            req.destroy()
          })
        })
        req.on('error', (err) => {
          if (!req.destroyed) reject(err)
        })
        req.setTimeout(5000, () => reject(new Error('no realtime event within 5 s')))
        req.end()
      },
    )
    expect(firstEvent.headers['content-type']).toContain('text/event-stream')
    expect(firstEvent.headers['content-encoding']).toBeUndefined()
    expect(firstEvent.text).toContain('PB_CONNECT')
    expect(Date.now() - started).toBeLessThan(5000)
  })
})
