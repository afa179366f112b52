// The JavaScript budget calculator of `npm run bench:budget` (scripts/bench/budget.mjs): given a
// build's manifest and index.html, which chunks count for each route, and when a route fails.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  builtScripts,
  compressedSizes,
  DEVELOPMENT_MARKERS,
  developmentBuilds,
  entryFiles,
  htmlScripts,
  KIB,
  measureBuild,
  measureRoutes,
  overBudget,
  precacheEntries,
  routeFiles,
  type Manifest,
} from '../../../scripts/bench/budget.mjs'

// Shaped like Vite's .vite/manifest.json: the entry imports a vendor chunk and a shared chunk,
// lazily loads two pages and a helper; the audit page imports the database chunk.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-aaa.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor-bbb.js', '_site-ccc.js'],
    dynamicImports: ['src/pages/AuditPage.tsx', 'src/pages/LegalPage.tsx', 'src/lazy-helper.ts'],
    css: ['assets/index-aaa.css'],
  },
  '_vendor-bbb.js': { file: 'assets/vendor-bbb.js', imports: ['_runtime-ddd.js'] },
  '_runtime-ddd.js': { file: 'assets/runtime-ddd.js' },
  '_site-ccc.js': { file: 'assets/site-ccc.js' },
  '_db-eee.js': { file: 'assets/db-eee.js', imports: ['_runtime-ddd.js'] },
  'src/pages/AuditPage.tsx': {
    file: 'assets/AuditPage-fff.js',
    isDynamicEntry: true,
    imports: ['index.html', '_vendor-bbb.js', '_db-eee.js'],
    dynamicImports: ['src/lazy-helper.ts'],
    css: ['assets/AuditPage-fff.css'],
  },
  'src/pages/LegalPage.tsx': {
    file: 'assets/LegalPage-ggg.js',
    isDynamicEntry: true,
    imports: ['_site-ccc.js'],
  },
  'src/lazy-helper.ts': { file: 'assets/lazy-helper-hhh.js', isDynamicEntry: true },
}

const indexHtml = `<!doctype html><html><head>
  <script type="module" crossorigin src="/assets/index-aaa.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/vendor-bbb.js">
  <link rel="modulepreload" crossorigin href="/assets/site-ccc.js">
  <link rel="modulepreload" crossorigin href="/assets/extra-preload-iii.js">
  <link rel="stylesheet" crossorigin href="/assets/index-aaa.css">
  <link rel="manifest" href="/manifest.webmanifest">
  <script src="/not-a-module.js"></script>
</head><body><div id="root"></div></body></html>`

const routes = [
  { path: '/', page: null },
  { path: '/free-audit', page: 'src/pages/AuditPage.tsx' },
  { path: '/privacy', page: 'src/pages/LegalPage.tsx' },
]

describe('which scripts a route needs', () => {
  it("reads index.html's module entry and modulepreloads, not styles or classic scripts", () => {
    expect(htmlScripts(indexHtml)).toEqual([
      'assets/index-aaa.js',
      'assets/vendor-bbb.js',
      'assets/site-ccc.js',
      'assets/extra-preload-iii.js',
    ])
  })

  it('counts for / the entry, its static imports down the chain and every modulepreload', () => {
    expect(entryFiles(manifest, indexHtml)).toEqual([
      'assets/extra-preload-iii.js',
      'assets/index-aaa.js',
      'assets/runtime-ddd.js',
      'assets/site-ccc.js',
      'assets/vendor-bbb.js',
    ])
  })

  it('never counts what is only imported dynamically (pages, on-demand helpers)', () => {
    const files = entryFiles(manifest, indexHtml)
    expect(files).not.toContain('assets/AuditPage-fff.js')
    expect(files).not.toContain('assets/lazy-helper-hhh.js')
    expect(files).not.toContain('assets/db-eee.js')
  })

  it("adds a lazy route's page chunk and its static imports, each file once", () => {
    const byRoute = routeFiles(manifest, indexHtml, routes)
    expect(byRoute['/free-audit']).toEqual([
      'assets/AuditPage-fff.js',
      'assets/db-eee.js',
      'assets/extra-preload-iii.js',
      'assets/index-aaa.js',
      'assets/runtime-ddd.js',
      'assets/site-ccc.js',
      'assets/vendor-bbb.js',
    ])
    expect(byRoute['/privacy']).toEqual([...byRoute['/'], 'assets/LegalPage-ggg.js'].sort())
  })

  it('fails loudly when a route names a page that is not in the build', () => {
    expect(() =>
      routeFiles(manifest, indexHtml, [{ path: '/gone', page: 'src/pages/Moved.tsx' }]),
    ).toThrow(/\/gone: src\/pages\/Moved.tsx is not a chunk/)
  })
})

describe('sizes and budgets', () => {
  it("sums each route's files, counting a chunk shared by two routes in both", () => {
    const sizes: Record<string, number> = {
      'assets/a.js': 10,
      'assets/shared.js': 100,
      'assets/b.js': 1000,
    }
    const measured = measureRoutes(
      { '/': ['assets/a.js', 'assets/shared.js'], '/b': ['assets/b.js', 'assets/shared.js'] },
      (file) => ({ raw: sizes[file] * 3, gzip: sizes[file], brotli: sizes[file] - 1 }),
    )
    expect(measured['/']).toMatchObject({ gzip: 110, brotli: 108, raw: 330 })
    expect(measured['/b']).toMatchObject({ gzip: 1100, brotli: 1098, raw: 3300 })
  })

  it.each([
    ['/', 100 * KIB, false],
    ['/', 100 * KIB + 1, true],
    ['/dashboard', 150 * KIB, false],
    ['/dashboard', 150 * KIB + 1, true],
    ['/privacy', 120 * KIB, false],
  ])('%s at %i bytes of gzip is over budget: %s', (route, gzip, over) => {
    expect(overBudget({ [route]: { gzip } }).length > 0).toBe(over)
  })

  it('measures gzip smaller than the raw bytes of text, and brotli smaller still', () => {
    const sizes = compressedSizes(Buffer.from('export const x = "hello";\n'.repeat(200)))
    expect(sizes.raw).toBe(5200)
    expect(sizes.gzip).toBeLessThan(sizes.raw / 10)
    expect(sizes.brotli).toBeLessThanOrEqual(sizes.gzip)
  })
})

describe('a build folder', () => {
  let dist = ''
  afterEach(() => rmSync(dist, { recursive: true, force: true }))

  function writeDist(files: Record<string, string>) {
    dist = mkdtempSync(join(tmpdir(), 'budget-test-'))
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dist, file)), { recursive: true })
      writeFileSync(join(dist, file), content)
    }
  }

  it('measures every route from the files on disk', () => {
    const chunk = (name: string, kb: number) =>
      `/* ${name} */ ${Array.from({ length: kb * 40 }, (_, i) => `var ${name}${i}=${(i * 7919) % 104729};`).join('')}`
    const files: Record<string, string> = {
      '.vite/manifest.json': JSON.stringify(manifest),
      'index.html': indexHtml,
    }
    for (const c of Object.values(manifest)) files[c.file] = chunk(c.file.replace(/\W/g, ''), 2)
    files['assets/extra-preload-iii.js'] = chunk('extra', 1)
    writeDist(files)

    const measured = measureBuild(dist, routes)
    const expected = (list: string[]) =>
      list.reduce((n, f) => n + compressedSizes(Buffer.from(files[f])).gzip, 0)
    expect(measured['/'].gzip).toBe(expected(entryFiles(manifest, indexHtml)))
    expect(measured['/free-audit'].gzip).toBe(
      expected(routeFiles(manifest, indexHtml, routes)['/free-audit']),
    )
    expect(measured['/free-audit'].gzip).toBeGreaterThan(measured['/'].gzip)
  })

  it("lists the service worker's precache entries with their sizes", () => {
    writeDist({
      'sw.js':
        'e.precacheAndRoute([{url:"index.html",revision:"abc"},{url:"assets/a-1.js",revision:null}],{})',
      'index.html': '<html></html>',
      'assets/a-1.js': 'x'.repeat(300),
    })
    expect(precacheEntries(dist)).toEqual([
      { url: 'index.html', bytes: 13 },
      { url: 'assets/a-1.js', bytes: 300 },
    ])
  })

  it("names each script that carries a library's development build", () => {
    const [react, router] = DEVELOPMENT_MARKERS
    writeDist({
      'index.html': indexHtml,
      'assets/index-aaa.js': `console.log(${JSON.stringify(router.text)})`,
      'assets/vendor-bbb.js': `/* ${react.text} */ /* ${router.text} */`,
      'assets/site-ccc.js': 'export const ok = 1',
      'assets/index-aaa.css': `/* ${react.text} */`,
      'sw.js': 'self.skipWaiting()',
    })
    const scripts = builtScripts(dist)
    expect(scripts.map((s) => s.file).sort()).toEqual([
      'assets/index-aaa.js',
      'assets/site-ccc.js',
      'assets/vendor-bbb.js',
      'sw.js',
    ])
    expect(developmentBuilds(scripts)).toEqual(
      expect.arrayContaining([
        { file: 'assets/index-aaa.js', library: router.library },
        { file: 'assets/vendor-bbb.js', library: react.library },
        { file: 'assets/vendor-bbb.js', library: router.library },
      ]),
    )
    expect(developmentBuilds(scripts)).toHaveLength(3)
    expect(developmentBuilds([{ file: 'a.js', text: 'production only' }])).toEqual([])
  })

  it('asks for a build with a manifest when there is none', () => {
    writeDist({ 'index.html': indexHtml })
    expect(() => measureBuild(dist, routes)).toThrow(/vite build --manifest/)
  })
})
