// The build's public pages (scripts/prerender.mjs) and how the server answers page paths
// (pb_hooks/pages.pb.js, server/pages/pages.ts): one real `vite build` with a site address of its
// own, read as a crawler reads it, then served by a PocketBase of our own as `npm start` serves
// dist/.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { root, startPocketBase } from '../../scripts/pocketbase.mjs'
import { paths } from '../../src/config/paths'
import { APP_SHELL_FILE, notFoundPage, publicPages } from '../../src/config/public-pages'
import { SITE_CONTENT_DEFAULTS } from '../../src/config/site-content'
import { harnessEnv } from './harness-env'

const SITE_URL = 'https://nce.test'

let distDir: string
let dataDir: string
let server: { url: string; stop: () => Promise<void> } | undefined

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'nce-prerender-'))
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', SITE_URL: `${SITE_URL}/` },
    },
  )
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`)
  dataDir = mkdtempSync(join(tmpdir(), 'pb-pages-'))
  server = await startPocketBase({
    dataDir,
    publicDir: distDir,
    env: harnessEnv(),
  })
}, 240_000)

afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(distDir, { recursive: true, force: true })
})

const read = (file: string) => readFileSync(join(distDir, file), 'utf8')

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** The content of `<meta {attr}="{name}" content="...">` in `html`, or null. */
function meta(html: string, attr: 'name' | 'property', name: string): string | null {
  const tag = new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)
  return tag ? decode(tag[1]) : null
}

function head(html: string) {
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    titles: (html.match(/<title>/g) ?? []).length,
    description: meta(html, 'name', 'description'),
    descriptions: (html.match(/<meta name="description"/g) ?? []).length,
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
  }
}

/** The schema.org objects of the page's JSON-LD blocks. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  )
}

/** The site content a page carries (one element, src/components/site-content.tsx reads it). */
function siteContentOf(html: string): unknown {
  const blocks = [
    ...html.matchAll(/<script type="application\/json" id="site-content">([\s\S]*?)<\/script>/g),
  ]
  expect(blocks).toHaveLength(1)
  return JSON.parse(blocks[0][1])
}

describe('the prerendered pages', () => {
  it.each(publicPages.map((page) => [page.path, page] as const))(
    '%s has its own title, description, canonical URL and share card',
    async (path, page) => {
      const html = read(page.file)
      const url = `${SITE_URL}${path}`
      expect(head(html)).toEqual({
        title: page.title,
        titles: 1,
        description: page.description,
        descriptions: 1,
        canonical: url,
      })
      expect(meta(html, 'property', 'og:title')).toBe(page.title)
      expect(meta(html, 'property', 'og:description')).toBe(page.description)
      expect(meta(html, 'property', 'og:url')).toBe(url)
      expect(meta(html, 'property', 'og:type')).toBe('website')
      expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image')
      expect(meta(html, 'name', 'twitter:title')).toBe(page.title)
      expect(meta(html, 'name', 'twitter:description')).toBe(page.description)

      // The share image is in the build, 1200x630, and both cards name it.
      const image = meta(html, 'property', 'og:image')!
      expect(image.startsWith(`${SITE_URL}/og/`)).toBe(true)
      expect(meta(html, 'name', 'twitter:image')).toBe(image)
      const file = join(distDir, image.slice(SITE_URL.length))
      expect(await sharp(file).metadata()).toMatchObject({
        width: 1200,
        height: 630,
        format: 'png',
      })

      // The page itself, not an empty shell: its <main> and its first heading are in the HTML.
      expect(html).toMatch(/<div id="root"><a href="#main"[\s\S]*<main[\s\S]*<h1/)
      // No inline script the CSP would block (JSON-LD and the site content are data, not
      // script); the app's code comes through the loader, after the first paint.
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
        expect(tag).toMatch(
          / src="\/assets\/boot-[\w-]+\.js" defer| type="application\/ld\+json"| type="application\/json" id="site-content"/,
        )
      }
      // The content it was rendered from, for the browser's React to hydrate with.
      expect(siteContentOf(html)).toEqual(SITE_CONTENT_DEFAULTS)
      expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/)
    },
  )

  it('the not-found page has its title, no canonical URL and is kept out of search', () => {
    const html = read(notFoundPage.file)
    expect(head(html)).toMatchObject({ title: notFoundPage.title, canonical: null })
    expect(meta(html, 'name', 'robots')).toBe('noindex')
    expect(html).toContain('<h1>Page not found</h1>')
  })

  it('the app shell for the pages rendered in the browser is empty, with the site content', () => {
    const html = read(APP_SHELL_FILE)
    expect(html).toContain('<div id="root"></div>')
    expect(siteContentOf(html)).toEqual(SITE_CONTENT_DEFAULTS)
  })

  it('/ carries the business as schema.org ProfessionalService data built from the site content', () => {
    const blocks = jsonLd(read('index.html'))
    expect(blocks).toHaveLength(1)
    const business = blocks[0] as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(business['@context']).toBe('https://schema.org')
    expect(business['@type']).toBe('ProfessionalService')
    expect(business.name).toBe(SITE_CONTENT_DEFAULTS.businessName)
    expect(business.description).toBe(SITE_CONTENT_DEFAULTS.tagline)
    expect(business.url).toBe(`${SITE_URL}/`)
    expect(business.areaServed.map((area: { name: string }) => area.name)).toEqual([
      'Coos County, New Hampshire',
      'Carroll County, New Hampshire',
      'Grafton County, New Hampshire',
    ])
    const offers = business.hasOfferCatalog.itemListElement.map(
      (offer: { price: string; priceCurrency: string; itemOffered: { name: string } }) => [
        offer.itemOffered.name,
        offer.price,
        offer.priceCurrency,
      ],
    )
    expect(offers).toEqual([
      ['Digital Front Door', '1299', 'USD'],
      ['Automated Appointment Book', '799', 'USD'],
      ['10-Hour-a-Week Time Saver', '1999', 'USD'],
      ['Efficiency Review', '199', 'USD'],
    ])
    expect(business.telephone).toBe('+16035550142')
    expect(business.contactPoint).toMatchObject({
      '@type': 'ContactPoint',
      email: SITE_CONTENT_DEFAULTS.email,
      telephone: '+16035550142',
    })
    expect(business.sameAs).toEqual(SITE_CONTENT_DEFAULTS.social.map((profile) => profile.url))
    // Only the home page carries it.
    for (const page of publicPages.slice(1)) expect(jsonLd(read(page.file))).toEqual([])
  })

  it('sitemap.xml lists exactly the public pages, and robots.txt names it', () => {
    const locations = [...read('sitemap.xml').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])
    expect(locations).toEqual(publicPages.map((page) => `${SITE_URL}${page.path}`))
    const robots = read('robots.txt')
    expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`)
    expect(robots).toContain(`Disallow: ${paths.dashboard}`)
  })

  it('has favicon.ico and PNG favicons, linked from every page', () => {
    expect(readFileSync(join(distDir, 'favicon.ico')).readUInt16LE(2)).toBe(1)
    for (const file of ['icons/favicon-16.png', 'icons/favicon-32.png']) {
      expect(existsSync(join(distDir, file))).toBe(true)
    }
    for (const page of publicPages) expect(read(page.file)).toContain('href="/favicon.ico"')
  })

  it('the service worker precaches every page and falls back to the app shell', () => {
    const worker = read('sw.js')
    for (const page of [...publicPages, notFoundPage]) {
      expect(worker).toMatch(new RegExp(`url:\\s*"${page.file}"`))
    }
    expect(worker).toMatch(new RegExp(`createHandlerBoundToURL\\(\\s*"/${APP_SHELL_FILE}"`))
    expect(worker).not.toMatch(/url:\s*"og\//)
  })
})

const title = (html: string) =>
  decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')
    .trim()
    .replace(/\s+/g, ' ')

describe('the server answers', () => {
  const cases: [string, number, string, string][] = [
    ['/', 200, 'text/html', publicPages[0].title],
    ...publicPages
      .slice(1)
      .map((page): [string, number, string, string] => [page.path, 200, 'text/html', page.title]),
    ['/free-audit/', 200, 'text/html', publicPages[1].title],
    // Pages rendered in the browser get the app shell (the site's own title), 200.
    [paths.dashboard, 200, 'text/html', publicPages[0].title],
    [paths.login, 200, 'text/html', publicPages[0].title],
    [paths.digitalAudit, 200, 'text/html', publicPages[0].title],
    [paths.auditAdmin, 200, 'text/html', publicPages[0].title],
    // Routes with a parameter, from the e-mails' links.
    ['/verify-email/some-token', 200, 'text/html', publicPages[0].title],
    ['/newsletter/unsubscribe/some-token', 200, 'text/html', publicPages[0].title],
    ['/newsletter/unsubscribe', 404, 'text/html', notFoundPage.title],
    // Their tokens have dots (a JWT, an id and its signature), like a file name.
    ['/verify-email/aaa.bbb.ccc', 200, 'text/html', publicPages[0].title],
    ['/newsletter/confirm/abc123.f00d', 200, 'text/html', publicPages[0].title],
    ['/verify-email/some-token/more', 404, 'text/html', notFoundPage.title],
    ['/no-such-page', 404, 'text/html', notFoundPage.title],
    ['/free-audit/extra', 404, 'text/html', notFoundPage.title],
    ['/sitemap.xml', 200, 'xml', ''],
    ['/robots.txt', 200, 'text/plain', ''],
    ['/favicon.ico', 200, 'image/', ''],
    ['/assets/no-such-file.js', 404, 'text/plain', ''],
    ['/api/nope', 404, 'application/json', ''],
    ['/api/collections/contacts/nope', 404, 'application/json', ''],
    ['/api/health', 200, 'application/json', ''],
  ]

  it.each(cases)('GET %s with %i (%s)', async (path, status, type, pageTitle) => {
    const res = await fetch(`${server!.url}${path}`)
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toContain(type)
    const body = await res.text()
    if (pageTitle) expect(title(body)).toBe(pageTitle)
    if (path.startsWith('/api/') && status === 404) {
      expect(JSON.parse(body)).toMatchObject({ status: 404 })
    }
  })

  it('a POST to an unknown /api/ path is a JSON 404 too', async () => {
    const res = await fetch(`${server!.url}/api/nope`, { method: 'POST', body: '{}' })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ status: 404 })
  })

  it('a page answer carries the security headers and is compressed', async () => {
    const res = await fetch(`${server!.url}/no-such-page`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('content-encoding')).toBe('gzip')
  })
})
