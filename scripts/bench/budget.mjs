// The JavaScript byte budget: which chunks a route needs, their gzip
// and brotli sizes, and the check against the budget. Pure functions over a Vite build (its
// .vite/manifest.json and index.html) plus one reader that loads those from a dist folder.
//
// "Needed to render a route" = what the browser fetches before the route can paint:
//   - every route: the entry script of index.html, every module it imports statically (the
//     whole chain), and every <link rel="modulepreload"> in index.html;
//   - a lazy route adds its page chunk and that chunk's static imports (the router fetches
//     them together, through Vite's preload helper).
// Dynamic imports are not counted: they load on interaction or idle, not to paint the route.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// The exports are declared in budget.d.mts (the TypeScript unit tests read them from there) and
// checked against those declarations here.
/** @typedef {typeof import('./budget.mjs')} Budget */
/** @typedef {import('./budget.mjs').Manifest} Manifest */
/** @typedef {import('./budget.mjs').Sizes} Sizes */

export const KIB = 1024

/** Budgets in KiB of gzip: `/` and every other route. */
export const BUDGET_KIB = { home: 100, route: 150 }

/**
 * Every route of src/app/router.tsx with the source of its lazy page (null: rendered by the
 * entry itself). A page that moves must be renamed here too: the check fails loudly otherwise.
 */
/** @type {Budget['ROUTES']} */
export const ROUTES = [
  { path: '/', page: null },
  { path: '/free-audit', page: 'src/features/audit/FreeAuditPage.tsx' },
  { path: '/digital-audit', page: 'src/features/audit/MemberAuditPage.tsx' },
  { path: '/dashboard', page: 'src/features/account/DashboardPage.tsx' },
  { path: '/audit-admin', page: 'src/app/ConsolePage.tsx' },
  { path: '/login', page: 'src/features/account/LoginPage.tsx' },
  { path: '/signup', page: 'src/features/account/SignupPage.tsx' },
  { path: '/call', page: 'src/features/call/CallPage.tsx' },
  { path: '/contact', page: 'src/features/home/ContactPage.tsx' },
  { path: '/privacy', page: 'src/features/legal/PrivacyPage.tsx' },
  { path: '/terms', page: 'src/features/legal/TermsPage.tsx' },
  { path: '/verify-email/:token', page: 'src/features/account/VerifyEmailPage.tsx' },
  { path: '/reset-password/:token', page: 'src/features/account/ResetPasswordPage.tsx' },
  { path: '/confirm-email-change/:token', page: 'src/features/account/ConfirmEmailChangePage.tsx' },
  { path: '/newsletter', page: 'src/features/newsletter/NewsletterArchivePage.tsx' },
]

/** @param {string} file */
const isScript = (file) => /\.m?js$/.test(file)

/**
 * Script URLs of index.html: module entry scripts and modulepreload links, as dist paths.
 * @type {Budget['htmlScripts']}
 */
export function htmlScripts(indexHtml) {
  const found = []
  for (const tag of indexHtml.match(/<(script|link)\b[^>]*>/g) ?? []) {
    /** @param {string} name */
    const attr = (name) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1]
    const isModuleScript = tag.startsWith('<script') && attr('type') === 'module' && attr('src')
    const isPreload = tag.startsWith('<link') && attr('rel') === 'modulepreload' && attr('href')
    // (Each was just checked to be there.)
    if (isModuleScript) found.push(/** @type {string} */ (attr('src')))
    else if (isPreload) found.push(/** @type {string} */ (attr('href')))
  }
  return found.map((url) => url.replace(/^\//, ''))
}

/**
 * Manifest keys by output file, to follow index.html's URLs into the manifest.
 * @param {Manifest} manifest
 */
function keysByFile(manifest) {
  /** @type {Map<string, string>} */
  const map = new Map()
  for (const [key, chunk] of Object.entries(manifest)) map.set(chunk.file, key)
  return map
}

/**
 * The files of `keys` and of everything they import statically, transitively.
 * @type {Budget['staticClosure']}
 */
export function staticClosure(manifest, keys) {
  /** @type {Set<string>} */
  const files = new Set()
  const seen = new Set()
  const queue = [...keys]
  while (queue.length > 0) {
    const key = /** @type {string} */ (queue.shift())
    if (seen.has(key)) continue
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`The build manifest has no entry for ${key}.`)
    files.add(chunk.file)
    queue.push(...(chunk.imports ?? []))
  }
  return files
}

/**
 * The script files `/` needs: index.html's entry and preloads with their static imports.
 * @type {Budget['entryFiles']}
 */
export function entryFiles(manifest, indexHtml) {
  const byFile = keysByFile(manifest)
  const keys = []
  /** @type {Set<string>} */
  const files = new Set()
  for (const file of htmlScripts(indexHtml)) {
    files.add(file)
    const key = byFile.get(file)
    if (key) keys.push(key)
  }
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry && isScript(chunk.file)) keys.push(key)
  }
  for (const file of staticClosure(manifest, keys)) files.add(file)
  return [...files].filter(isScript).sort()
}

/**
 * The script files each route needs (see the header comment).
 * @type {Budget['routeFiles']}
 */
export function routeFiles(manifest, indexHtml, routes = ROUTES) {
  const base = entryFiles(manifest, indexHtml)
  /** @type {Record<string, string[]>} */
  const result = {}
  for (const { path, page } of routes) {
    const files = new Set(base)
    if (page) {
      if (!manifest[page]) {
        throw new Error(`Route ${path}: ${page} is not a chunk of this build (moved or renamed?).`)
      }
      for (const file of staticClosure(manifest, [page])) files.add(file)
    }
    result[path] = [...files].filter(isScript).sort()
  }
  return result
}

/**
 * Compressed sizes of one file's bytes: gzip level 9 and brotli quality 11 (text mode).
 * @type {Budget['compressedSizes']}
 */
export function compressedSizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }).length,
  }
}

/**
 * Per route: its files and their summed sizes. `sizeOf(file)` returns { raw, gzip, brotli } of
 * one dist file (each file is counted once per route: a shared chunk downloads once).
 * @type {Budget['measureRoutes']}
 */
export function measureRoutes(filesByRoute, sizeOf) {
  /** @type {Map<string, Sizes>} */
  const cache = new Map()
  /** @param {string} file */
  const sizes = (file) => {
    if (!cache.has(file)) cache.set(file, sizeOf(file))
    return /** @type {Sizes} */ (cache.get(file))
  }
  /** @type {ReturnType<Budget['measureRoutes']>} */
  const result = {}
  for (const [route, files] of Object.entries(filesByRoute)) {
    const total = { raw: 0, gzip: 0, brotli: 0 }
    for (const file of files) {
      const s = sizes(file)
      total.raw += s.raw
      total.gzip += s.gzip
      total.brotli += s.brotli
    }
    result[route] = { files, ...total }
  }
  return result
}

/**
 * The budget of a route in bytes of gzip.
 * @type {Budget['budgetFor']}
 */
export function budgetFor(route, budgets = BUDGET_KIB) {
  return (route === '/' ? budgets.home : budgets.route) * KIB
}

/**
 * Routes over their budget: [{ route, gzip, budget }].
 * @type {Budget['overBudget']}
 */
export function overBudget(measured, budgets = BUDGET_KIB) {
  return Object.entries(measured)
    .map(([route, m]) => ({ route, gzip: m.gzip, budget: budgetFor(route, budgets) }))
    .filter((r) => r.gzip > r.budget)
}

/**
 * Reads a build: its manifest (built with `--manifest`) and index.html.
 * @type {Budget['readBuild']}
 */
export function readBuild(distDir) {
  const manifestPath = join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build with \`vite build --manifest\`.`)
  }
  return {
    manifest: JSON.parse(readFileSync(manifestPath, 'utf8')),
    indexHtml: readFileSync(join(distDir, 'index.html'), 'utf8'),
  }
}

/**
 * Everything the budget check and the benchmark report, for the build in `distDir`.
 * @type {Budget['measureBuild']}
 */
export function measureBuild(distDir, routes = ROUTES) {
  const { manifest, indexHtml } = readBuild(distDir)
  const filesByRoute = routeFiles(manifest, indexHtml, routes)
  return measureRoutes(filesByRoute, (file) => compressedSizes(readFileSync(join(distDir, file))))
}

/**
 * The service worker's precache list: [{ url, bytes }] from the generated sw.js.
 * @type {Budget['precacheEntries']}
 */
export function precacheEntries(distDir) {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8')
  const urls = [...sw.matchAll(/\{url:"([^"]+)",revision:(?:"[^"]*"|null)\}/g)].map((m) => m[1])
  if (urls.length === 0) throw new Error('No precache entries found in sw.js.')
  return urls.map((url) => {
    const file = join(distDir, url.replace(/^\//, ''))
    return { url, bytes: existsSync(file) ? readFileSync(file).length : 0 }
  })
}

/**
 * Text only a library's development build carries. A build with one ships that library's
 * warnings and extra checks to every visitor, in bytes and in time per render.
 * @type {Budget['DEVELOPMENT_MARKERS']}
 */
export const DEVELOPMENT_MARKERS = [
  // React picks its build by NODE_ENV, which `vite build` sets.
  { library: 'react-dom', text: 'Download the React DevTools' },
  // React Router 7's package.json names only its development files; vite.config.ts aliases the
  // production ones (reactRouterProductionFiles). Its warnings sit behind a flag that is false
  // there, so the minifier drops their text.
  { library: 'react-router', text: 'You rendered descendant <Routes>' },
]

/**
 * The scripts that carry a library's development build: [{ file, library }], empty when none.
 * @type {Budget['developmentBuilds']}
 */
export function developmentBuilds(scripts, markers = DEVELOPMENT_MARKERS) {
  return scripts.flatMap(({ file, text }) =>
    markers.filter((m) => text.includes(m.text)).map(({ library }) => ({ file, library })),
  )
}

/**
 * Every script a build ships (assets/*.js and the service worker), with its text.
 * @type {Budget['builtScripts']}
 */
export function builtScripts(distDir) {
  const assets = readdirSync(join(distDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`)
  const files = existsSync(join(distDir, 'sw.js')) ? [...assets, 'sw.js'] : assets
  return files.map((file) => ({ file, text: readFileSync(join(distDir, file), 'utf8') }))
}

/** @type {Budget['kib']} */
export function kib(bytes) {
  return (bytes / KIB).toFixed(1)
}
