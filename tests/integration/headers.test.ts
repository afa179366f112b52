// Caching and content-type headers of the built site, from pb_hooks/headers.pb.js
// (server/pages/response-headers.ts), checked on a real PocketBase of our own serving a small
// fixture site from a temp public dir.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { startPocketBase } from '../../scripts/pocketbase.mjs'
import { harnessEnv } from './harness-env'
import { migratedDataDir } from './support/data-dir'

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>'

const SITE: Record<string, string> = {
  'index.html': INDEX_HTML,
  'sw.js': 'self.addEventListener("fetch", () => {})',
  'registerSW.js': 'navigator.serviceWorker.register("/sw.js")',
  'workbox-1a2b3c4d.js': 'define([], () => {})',
  'manifest.webmanifest': JSON.stringify({ name: 'Fixture', start_url: '/' }),
  'assets/index-Bx3f9QaZ.js': 'console.log("app")',
  'assets/index-Dbt7yvsX.css': 'body{margin:0}',
  'icons/icon-192.png': 'not really a png',
  'robots.txt': 'User-agent: *',
}

const REVALIDATE = 'no-cache'
const IMMUTABLE = 'public, max-age=31536000, immutable'

let server: { url: string; stop: () => Promise<void> }
let publicDir: string
let dataDir: string

beforeAll(async () => {
  publicDir = mkdtempSync(join(tmpdir(), 'pb-public-'))
  for (const [file, body] of Object.entries(SITE)) {
    mkdirSync(dirname(join(publicDir, file)), { recursive: true })
    writeFileSync(join(publicDir, file), body)
  }
  dataDir = migratedDataDir(mkdtempSync(join(tmpdir(), 'pb-headers-')))
  server = await startPocketBase({ dataDir, publicDir, env: harnessEnv() })
})

afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(publicDir, { recursive: true, force: true })
})

describe('caching headers of the static site', () => {
  it.each([
    ['the app shell at /', '/', REVALIDATE, 'text/html'],
    ['index.html', '/index.html', REVALIDATE, 'text/html'],
    ['the SPA fallback for an app route', '/free-audit', REVALIDATE, 'text/html'],
    ['the SPA fallback for a deep link', '/dashboard', REVALIDATE, 'text/html'],
    ['the service worker', '/sw.js', REVALIDATE, 'javascript'],
    ['the registration script', '/registerSW.js', REVALIDATE, 'javascript'],
    ['the workbox runtime', '/workbox-1a2b3c4d.js', REVALIDATE, 'javascript'],
    ['the manifest', '/manifest.webmanifest', REVALIDATE, 'application/manifest+json'],
    ['an icon', '/icons/icon-192.png', REVALIDATE, 'image/png'],
    ['a fingerprinted script', '/assets/index-Bx3f9QaZ.js', IMMUTABLE, 'javascript'],
    ['a fingerprinted stylesheet', '/assets/index-Dbt7yvsX.css', IMMUTABLE, 'text/css'],
  ])('%s (%s) is served with Cache-Control: %s', async (_what, path, cacheControl, type) => {
    const res = await fetch(`${server.url}${path}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe(cacheControl)
    expect(res.headers.get('content-type')).toContain(type)
  })

  it('answers a missing asset with 404, never kept for a year (pb_hooks/pages.pb.js)', async () => {
    const res = await fetch(`${server.url}/assets/index-gone1234.js`)
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBe(REVALIDATE)
    expect(res.headers.get('content-type')).toContain('text/plain')
  })

  it('serves the manifest as exactly application/manifest+json with its JSON body', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`)
    expect(res.headers.get('content-type')).toBe('application/manifest+json')
    expect(await res.json()).toEqual({ name: 'Fixture', start_url: '/' })
  })

  it('keeps no-cache on a revalidation answered with 304', async () => {
    const first = await fetch(`${server.url}/sw.js`)
    const lastModified = first.headers.get('last-modified')
    expect(lastModified).toBeTruthy()
    const res = await fetch(`${server.url}/sw.js`, {
      headers: { 'if-modified-since': lastModified! },
    })
    expect(res.status).toBe(304)
    expect(res.headers.get('cache-control')).toBe(REVALIDATE)
  })

  it.each([
    ['the health check', '/api/health'],
    ['a collection list', '/api/collections/audits/records'],
    ['the PocketBase dashboard', '/_/'],
  ])('leaves %s (%s) as PocketBase answers it: no caching header added', async (_what, path) => {
    const res = await fetch(`${server.url}${path}`)
    expect(res.headers.get('cache-control')).toBeNull()
  })
})
