// The build step that makes the public pages real HTML (a Vite plugin, so `vite build` alone does
// it, as `npm start` and the tests build):
//   1. builds src/entry-server.tsx for Node and renders every public page of
//      src/config/public-pages.ts, and the not-found page, with React's static renderer, from
//      the site content's first version (SITE_CONTENT_DEFAULTS);
//   2. writes each into a copy of index.html with its own head (title, description, canonical,
//      Open Graph and Twitter cards, the business data on `/`), the stylesheets and scripts of
//      its page and the content it was rendered from (for the browser's React), as `index.html`,
//      `free-audit.html`, ..., `404.html`;
//   3. writes the app shell `app.html` (no prerendered content, the same content) for the pages
//      rendered in the browser, a 1200x630 share image per page under og/, sitemap.xml and
//      robots.txt;
//   4. writes the newsletter archive's template, `newsletter-archive.html`: the archive page
//      around a content marker, its head made of placeholders the server fills in for the list
//      and for each issue (server/newsletter/).
// The service worker (vite-plugin-pwa, after this) precaches the pages; the server answers each
// path with its file (server/pages/pages.ts, the middleware of pb_hooks/pages.pb.js).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import sharp from 'sharp'
import { build } from 'vite'
import { wantedSiteAddress } from './site-address.mjs'

const ENTRY = 'src/entry-server.tsx'

// The exported functions are declared in prerender.d.mts (vite.config.ts and the tests read them
// from there) and checked against those declarations here.
/** @typedef {import('./prerender.mjs').PrerenderedPage} PrerenderedPage */
/** @typedef {import('vite').Rollup.OutputBundle} OutputBundle */
/** @typedef {import('vite').Rollup.OutputChunk} OutputChunk */

/**
 * The lazy page module of each prerendered path (null: rendered by the entry itself).
 * @type {Record<string, string | null>}
 */
export const PAGE_MODULES = {
  '/': null,
  '/free-audit': 'src/features/audit/FreeAuditPage.tsx',
  '/call': 'src/features/call/CallPage.tsx',
  '/contact': 'src/features/home/ContactPage.tsx',
  '/privacy': 'src/features/legal/PrivacyPage.tsx',
  '/terms': 'src/features/legal/TermsPage.tsx',
  '/404': 'src/app/NotFoundPage.tsx',
  '/newsletter': 'src/features/newsletter/NewsletterArchivePage.tsx',
}

/**
 * Text for HTML attributes and text nodes.
 * @type {typeof import('./prerender.mjs').escapeHtml}
 */
export function escapeHtml(text) {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/**
 * JSON inside a script element (the business data, the site content): no `<` may close it early.
 * @type {typeof import('./prerender.mjs').jsonForScript}
 */
export function jsonForScript(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/**
 * `html` with the site's content at the end of its body, as the JSON the browser's React reads
 * (src/components/site-content.tsx). The Content-Security-Policy runs no JSON script.
 * @type {typeof import('./prerender.mjs').withSiteContent}
 */
export function withSiteContent(html, { id, content }) {
  if (!html.includes('</body>')) throw new Error('prerender: the page has no </body>')
  const script = `<script type="application/json" id="${escapeHtml(id)}">${jsonForScript(content)}</script>`
  return html.replace('</body>', () => `  ${script}\n  </body>`)
}

/**
 * The share image's file for a page: /og/home.png, /og/free-audit.png, ...
 * @param {Pick<PrerenderedPage, 'path'>} page
 */
export function shareImagePath(page) {
  const name = page.path === '/' ? 'home' : page.path.replace(/^\//, '').replace(/\//g, '-')
  return `/og/${name}.png`
}

/**
 * The <head> tags of one page (after the charset and viewport of the template).
 * @type {typeof import('./prerender.mjs').headTags}
 */
export function headTags(page, { siteUrl, siteName, jsonLd }) {
  const path = page.canonicalPath ?? page.path
  const url = page.path === '/404' ? null : `${siteUrl}${path === '/' ? '/' : path}`
  const image = `${siteUrl}${shareImagePath(page)}`
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    url && `<link rel="canonical" href="${escapeHtml(url)}" />`,
    page.path === '/404' && '<meta name="robots" content="noindex" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    url && `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${escapeHtml(page.headline)}" />`,
    `<meta property="og:locale" content="en_US" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(page.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(page.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(page.headline)}" />`,
    jsonLd && `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
  ]
  return tags.filter(Boolean).join('\n    ')
}

/**
 * sitemap.xml of the pages listed in it.
 * @type {typeof import('./prerender.mjs').sitemapXml}
 */
export function sitemapXml(pages, siteUrl) {
  const urls = pages
    .filter((page) => page.inSitemap)
    .map((page) => `  <url><loc>${escapeHtml(`${siteUrl}${page.path}`)}</loc></url>`)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/**
 * robots.txt: the signed-in and admin pages stay out of search; the sitemap is named.
 * @param {string} siteUrl
 * @param {string[]} privatePaths
 */
export function robotsTxt(siteUrl, privatePaths) {
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

/**
 * Splits a headline into lines of at most `max` characters, at spaces.
 * @param {string} text
 * @param {number} max
 */
function wrap(text, max) {
  const lines = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

/**
 * The 1200x630 share card: the logo and name, the page's headline, the region.
 * @param {Pick<PrerenderedPage, 'headline'>} page
 * @param {string} siteName
 */
export function shareImage(page, siteName) {
  const lines = wrap(page.headline, 26)
  const size = lines.length > 2 ? 60 : 72
  const text = lines
    .map(
      (line, i) =>
        `<text x="80" y="${300 + i * (size * 1.2) - ((lines.length - 1) * size * 1.2) / 2}" font-size="${size}" font-weight="700" fill="#123326">${escapeHtml(line)}</text>`,
    )
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
  <rect width="1200" height="630" fill="#faf8f3"/>
  <rect y="566" width="1200" height="64" fill="#1f4d3a"/>
  <g transform="translate(80 64) scale(1.5)">
    <rect width="64" height="64" rx="14" fill="#1f4d3a"/>
    <path d="M8 48 24 22l8 12 8-14 16 28Z" fill="#faf8f3"/>
    <path d="M36 27l4-7 4 7Z" fill="#b4531f"/>
  </g>
  <text x="200" y="125" font-size="40" font-weight="700" fill="#1f4d3a">${escapeHtml(siteName)}</text>
  ${text}
  <text x="80" y="608" font-size="28" fill="#faf8f3">White Mountains and North Country, New Hampshire</text>
</svg>`
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer()
}

/**
 * The CSS and JS files a page chunk brings (itself and its static imports, transitively).
 * @param {OutputBundle} bundle
 * @param {string} moduleId
 */
function chunkAssets(bundle, moduleId) {
  const byName = new Map(Object.values(bundle).map((file) => [file.fileName, file]))
  const start = Object.values(bundle).find(
    /** @returns {file is OutputChunk} */
    (file) => file.type === 'chunk' && file.facadeModuleId === moduleId,
  )
  if (!start) throw new Error(`prerender: no chunk of this build comes from ${moduleId}`)
  /** @type {Set<string>} */
  const css = new Set()
  /** @type {Set<string>} */
  const js = new Set()
  const queue = [start]
  while (queue.length > 0) {
    const chunk = /** @type {OutputChunk} */ (queue.shift())
    if (js.has(chunk.fileName) || chunk.isEntry) continue
    js.add(chunk.fileName)
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file)
    for (const name of chunk.imports) {
      const next = byName.get(name)
      if (next?.type === 'chunk') queue.push(next)
    }
  }
  return { css: [...css], js: [...js] }
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g

/**
 * The template with the head of `page` and, inside #root, `body`. The app's module script and
 * its preloads (the template's and `modules`) give way to the loader `bootUrl`, which fetches
 * them after the first paint (scripts/prerender/boot.js).
 * @type {typeof import('./prerender.mjs').pageHtml}
 */
export function pageHtml(template, { head, body, links, modules = [], bootUrl }) {
  const entry = MODULE_SCRIPT.exec(template)?.[1]
  if (!entry) throw new Error('prerender: index.html has no module script')
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1])
  const loader =
    `<script src="${bootUrl}" defer data-entry="${entry}"` +
    ` data-modules="${[...new Set([...preloads, ...modules])].join(' ')}"></script>`
  const withHead = template
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace(/(<meta name="viewport"[^>]*>)/, `$1\n    ${head}`)
    .replace('</head>', `${[...links, loader].map((link) => `  ${link}\n`).join('')}</head>`)
  if (!withHead.includes('<div id="root"></div>')) {
    throw new Error('prerender: index.html has no <div id="root"></div>')
  }
  return withHead.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
}

/**
 * Renders and emits every page into `bundle` from the Node build in `outDir`.
 * @param {import('vite').Rollup.PluginContext} context
 * @param {string} root
 * @param {OutputBundle} bundle
 * @param {string} template
 * @param {string} outDir
 */
async function emitPages(context, root, bundle, template, outDir) {
  const server = await import(
    `${pathToFileURL(join(outDir, 'entry-server.js')).href}?${Date.now()}`
  )

  const boot = context.emitFile({
    type: 'asset',
    name: 'boot.js',
    source: readFileSync(new URL('./prerender/boot.js', import.meta.url), 'utf8'),
  })
  const bootUrl = `/${context.getFileName(boot)}`
  // One address for the build and the server (SITE_URL, else APP_URL), else src/config/site.ts's.
  const siteUrl = server.siteUrl(wantedSiteAddress())
  // The pages say what the site content's first version says until a publish renders them again.
  const content = server.SITE_CONTENT_DEFAULTS
  const siteName = server.siteNameOf(content)
  const embedded = { id: server.SITE_CONTENT_ELEMENT_ID, content }
  const archive = server.newsletterArchivePage
  // The archive's template: rendered at its path, head and content left to the server.
  const archiveTemplate = {
    path: archive.path,
    file: archive.file,
    title: archive.placeholders.title,
    description: archive.placeholders.description,
    headline: archive.headline,
    canonicalPath: archive.placeholders.path,
  }
  const pages = [...server.publicPages, server.notFoundPage, archiveTemplate]
  for (const page of pages) {
    if (!(page.path in PAGE_MODULES)) {
      throw new Error(`prerender: add ${page.path} to PAGE_MODULES in scripts/prerender.mjs`)
    }
    const module = PAGE_MODULES[page.path]
    const links = []
    const modules = []
    if (module) {
      const assets = chunkAssets(bundle, join(root, module))
      for (const file of assets.css) {
        // The template links the entry's own stylesheets already.
        if (!template.includes(`"/${file}"`)) {
          links.push(`<link rel="stylesheet" crossorigin href="/${file}">`)
        }
      }
      modules.push(...assets.js.map((file) => `/${file}`))
    }
    // React puts the resource hints it found (the hero image's preload) before the app's HTML:
    // they belong in the head, where the browser sees them before the stylesheets.
    let body = await server.renderPage(page.path, content)
    const hints = /^(?:<link [^>]*>)+/.exec(body)?.[0] ?? ''
    body = body.slice(hints.length)
    // (`hints` is made of such tags, so there is a match.)
    if (hints) links.unshift(.../** @type {RegExpMatchArray} */ (hints.match(/<link [^>]*>/g)))
    if (/<script\b/i.test(body)) throw new Error(`prerender: ${page.path} renders a <script>`)
    const head = headTags(page, {
      siteUrl,
      siteName,
      jsonLd: page.path === '/' ? server.professionalService(siteUrl, content) : null,
    })
    const html = withSiteContent(
      pageHtml(template, { head, body, links, modules, bootUrl }),
      embedded,
    )
    // index.html is Vite's own output: `/` replaces its content.
    const existing = bundle[page.file]
    if (existing?.type === 'asset') existing.source = html
    else context.emitFile({ type: 'asset', fileName: page.file, source: html })
    context.emitFile({
      type: 'asset',
      fileName: shareImagePath(page).slice(1),
      source: await shareImage(page, siteName),
    })
  }
  context.emitFile({
    type: 'asset',
    fileName: server.APP_SHELL_FILE,
    source: withSiteContent(template, embedded),
  })
  context.emitFile({
    type: 'asset',
    fileName: 'sitemap.xml',
    source: sitemapXml(server.publicPages, siteUrl),
  })
  context.emitFile({
    type: 'asset',
    fileName: 'robots.txt',
    source: robotsTxt(siteUrl, server.privatePaths),
  })
}

/** @type {typeof import('./prerender.mjs').prerender} */
export function prerender() {
  /** @type {import('vite').ResolvedConfig} */
  let config
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved
    },
    async generateBundle(_options, bundle) {
      if (config.build.ssr) return
      const index = bundle['index.html']
      const source = index?.type === 'asset' ? index.source : undefined
      if (typeof source !== 'string') throw new Error('prerender: no index.html in the build')
      // Which build the HTML is, before any code runs (src/main.tsx sets the same value): the
      // app's code now arrives after the first paint.
      const version = JSON.parse(config.define?.['import.meta.env.VITE_APP_VERSION'] ?? '""')
      const template = version
        ? source.replace(
            '<html lang="en">',
            `<html lang="en" data-app-version="${escapeHtml(version)}">`,
          )
        : source

      // The same app, built for Node (React stays external: the one in node_modules).
      // A folder of its own per build (builds may run side by side, e.g. in the tests), inside
      // node_modules so the built code finds React there.
      mkdirSync(join(config.root, 'node_modules/.prerender'), { recursive: true })
      const outDir = mkdtempSync(join(config.root, 'node_modules/.prerender/build-'))
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          define: config.define,
          plugins: [react()],
          build: { ssr: ENTRY, outDir, emptyOutDir: true, copyPublicDir: false, minify: false },
        })
        await emitPages(this, config.root, bundle, template, outDir)
      } finally {
        rmSync(outDir, { recursive: true, force: true })
      }
    },
  }
}
