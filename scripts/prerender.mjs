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
//      and for each issue (server/newsletter/);
//   5. writes the render kit beside the site (`dist-render/` for `dist/`): the Node build, what
//      it knows of each page and the render script, which a publish of the site's content runs
//      to make all of the above again with the new content (server/site/render.ts).
// Steps 2 to 4 are ./prerender/site-files.mjs, the same for the build and a publish.
// The service worker (vite-plugin-pwa, after this) precaches the pages; the server answers each
// path with its file (server/pages/pages.ts, the middleware of pb_hooks/pages.pb.js).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { escapeHtml } from './prerender/html.mjs'
import { renderSiteFiles } from './prerender/site-files.mjs'
import { wantedSiteAddress } from './site-address.mjs'

export {
  escapeHtml,
  headTags,
  jsonForScript,
  pageHtml,
  robotsTxt,
  shareImage,
  shareImagePath,
  sitemapXml,
  withSiteContent,
} from './prerender/html.mjs'

const ENTRY = 'src/entry-server.tsx'
/** The render kit's scripts (scripts/prerender/), copied beside the app's Node build. */
const KIT_SCRIPTS = ['render.mjs', 'site-files.mjs', 'html.mjs', 'service-worker.mjs']

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

/**
 * What a render needs to know of this build for each prerendered page: the stylesheets and
 * scripts its page chunk brings (the template links the entry's own already).
 * @param {OutputBundle} bundle
 * @param {string} root
 * @param {string} template
 * @param {{ path: string }[]} pages
 * @returns {Record<string, { links: string[], modules: string[] }>}
 */
function pageAssets(bundle, root, template, pages) {
  /** @type {Record<string, { links: string[], modules: string[] }>} */
  const byPath = {}
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
        if (!template.includes(`"/${file}"`)) {
          links.push(`<link rel="stylesheet" crossorigin href="/${file}">`)
        }
      }
      modules.push(...assets.js.map((file) => `/${file}`))
    }
    byPath[page.path] = { links, modules }
  }
  return byPath
}

/**
 * Renders and emits every file of the site's content (./prerender/site-files.mjs, the first
 * version) into `bundle` from the Node build in `outDir`, and writes the render kit a publish
 * runs (`<site>-render/`): that build, the plan (this build's template, loader and each page's
 * assets), the service worker's precached pages and the render script with its helpers.
 * @param {import('vite').Rollup.PluginContext} context
 * @param {string} root
 * @param {OutputBundle} bundle
 * @param {string} template
 * @param {string} outDir
 * @param {string} kitDir
 */
async function emitPages(context, root, bundle, template, outDir, kitDir) {
  const server = await import(
    `${pathToFileURL(join(outDir, 'entry-server.js')).href}?${Date.now()}`
  )

  const boot = context.emitFile({
    type: 'asset',
    name: 'boot.js',
    source: readFileSync(new URL('./prerender/boot.js', import.meta.url), 'utf8'),
  })
  // The pages say what the site content's first version says until a publish renders them again.
  const content = server.SITE_CONTENT_DEFAULTS
  const pages = server.prerenderedPages(content)
  /** @type {import('./prerender/site-files.mjs').RenderPlan} */
  const plan = {
    // One address for the build and the server (SITE_URL, else APP_URL), else site.ts's.
    siteUrl: server.siteUrl(wantedSiteAddress()),
    template,
    bootUrl: `/${context.getFileName(boot)}`,
    assets: pageAssets(bundle, root, template, pages),
  }
  const files = await renderSiteFiles({ server, plan, content })
  for (const { file, data } of files) {
    // index.html is Vite's own output: `/` replaces its content.
    const existing = bundle[file]
    if (existing?.type === 'asset') existing.source = data
    else context.emitFile({ type: 'asset', fileName: file, source: data })
  }

  rmSync(kitDir, { recursive: true, force: true })
  mkdirSync(kitDir, { recursive: true })
  cpSync(outDir, join(kitDir, 'server'), { recursive: true })
  for (const name of KIT_SCRIPTS) {
    cpSync(new URL(`./prerender/${name}`, import.meta.url), join(kitDir, name))
  }
  // The pages the service worker precaches (vite.config.ts: every .html but the archive's
  // template), whose revisions a publish replaces.
  const precached = files
    .map(({ file }) => file)
    .filter((file) => file.endsWith('.html') && file !== server.newsletterArchivePage.file)
  writeFileSync(join(kitDir, 'plan.json'), JSON.stringify({ ...plan, precached }))
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
        const site = resolve(config.root, config.build.outDir)
        await emitPages(this, config.root, bundle, template, outDir, `${site}-render`)
      } finally {
        rmSync(outDir, { recursive: true, force: true })
      }
    },
  }
}
