import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { prerender } from './scripts/prerender.mjs'
import { SITE_IMAGES } from './src/config/site-images.ts'

// `/newsletter` and `/newsletter/<slug>` (not the link pages under /newsletter/confirm/ and
// /newsletter/unsubscribe/, which have a token after them).
const NEWSLETTER_ARCHIVE_PAGE = /^\/newsletter(?:\/[a-z0-9-]+)?\/?$/

const pbTarget = `http://127.0.0.1:${process.env.PB_DEV_PORT ?? '8090'}`

// Shown as <html data-app-version> and in the install help note; set VITE_APP_VERSION at build
// time (CI, the update test) to tell two builds apart. Defaults to package.json's version.
const appVersion =
  process.env.VITE_APP_VERSION ||
  (
    JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
      version: string
    }
  ).version

// React Router publishes a production build beside its development one, but its package.json
// names only the development files, so a build would ship its development warnings
// (https://github.com/remix-run/react-router/issues/14102). The build takes the production
// files; `npm run dev` keeps the warnings. `npm run bench:budget` fails a build that ships them.
function reactRouterProductionFiles(): Plugin {
  return {
    name: 'react-router-production-files',
    apply: 'build',
    config() {
      const pkg = createRequire(import.meta.url).resolve('react-router/package.json')
      const dist = join(dirname(pkg), 'dist', 'production')
      return {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
          ],
        },
      }
    },
  }
}

export default defineConfig({
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion),
    // The footer's year in the prerendered pages (src/components/SiteFooter.tsx).
    'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
  },
  plugins: [
    react(),
    reactRouterProductionFiles(),
    // The public pages as real HTML, before the service worker's precache list is made.
    prerender(),
    VitePWA({
      // An update waits for the visitor's Reload (src/app/pwa/); src/main.tsx registers /sw.js.
      registerType: 'prompt',
      injectRegister: false,
      // The icons are precached by the glob patterns below already.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'North Country Efficiency',
        short_name: 'NC Audit',
        description:
          'Free 5-minute Business Efficiency Audit and small-business help for the White Mountains and North Country of New Hampshire.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // --spruce-700 and --birch-50 from src/styles/global.css.
        theme_color: '#1f4d3a',
        background_color: '#faf8f3',
        categories: ['business', 'productivity'],
        // Rendered from public/icons/icon.svg by scripts/generate-icons.mjs.
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The app shell, EVERY lazy route chunk, icons and the site's SVG illustrations, so any
        // page opens complete with no signal. Photos (jpg/webp) are left to the image rule below.
        // The prerendered public pages are precached too, each served for its own path (workbox
        // matches `/call` to call.html); the share images under og/ are for link previews only.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // The newsletter archive's template has placeholders: the server fills it per page.
        globIgnores: ['og/**', 'newsletter-archive.html'],
        // Every other page (dashboard, login, ...) is rendered in the browser from the app shell.
        navigateFallback: '/app.html',
        // The API and the PocketBase dashboard are never answered with the app, nor are the
        // newsletter archive's pages (the server renders them; the rule below keeps them).
        navigateFallbackDenylist: [/^\/api\//, /^\/_\//, NEWSLETTER_ARCHIVE_PAGE],
        cleanupOutdatedCaches: true,
        // The console's alerts (Web Push): show each push as a notification, open its page on a
        // tap. A plain script of this origin (CSP script-src 'self'), precached with the rest.
        importScripts: ['/push-handler.js'],
        // The first install takes control of the page that installed it at once, so the rest of
        // that first visit loads its code from the precache too (there is no older version to mix
        // with). An update still waits for the visitor's Reload: skipWaiting stays off.
        clientsClaim: true,
        // No rule for the scheduler (assets.calendly.com, calendly.com): with no route the worker
        // leaves those requests to the browser, i.e. network only, under the page's CSP (fetching
        // them from the worker would put them under the worker's connect-src 'self'). The
        // booking UI says when it cannot load offline. Nothing under /api/ is cached either:
        // offline data is Dexie's job.
        runtimeCaching: [
          {
            // The newsletter archive's pages, as the server rendered them: the newest when
            // online, the copy of the last visit offline (one visit is enough). The function is
            // copied into the worker as text: NEWSLETTER_ARCHIVE_PAGE written out again.
            urlPattern: ({ url }) =>
              url.origin === self.location.origin &&
              /^\/newsletter(?:\/[a-z0-9-]+)?\/?$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'newsletter-pages',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 100, maxAgeSeconds: 365 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // The pictures the consultant uploaded for the site (a case study's): a file never
            // changes under its name (a new upload is a new name), so the copy of the first visit
            // serves every later one, offline too. A RegExp, as the worker is written with this
            // pattern in it (a function's text would name a constant it does not have); workbox
            // matches it anywhere in a same-origin URL only.
            urlPattern: new RegExp(`/api/files/${SITE_IMAGES.collection}/`),
            handler: 'CacheFirst',
            options: {
              cacheName: 'site-pictures',
              expiration: { maxEntries: 24, maxAgeSeconds: 365 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Same-origin images, never PocketBase files under /api/ (offline data is Dexie's job).
            urlPattern: ({ request, url }) =>
              request.destination === 'image' &&
              url.origin === self.location.origin &&
              !url.pathname.startsWith('/api/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'images',
              expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: pbTarget, changeOrigin: true, ws: true },
      '/_': { target: pbTarget, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and React Router in one chunk of their own: they change only on
            // an upgrade, so after a deploy a returning visitor re-downloads just the app's own
            // code (the service worker precaches by URL, and this URL keeps its hash).
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
            // The small facts every page uses (texts, limits, the address rule, the site's content
            // as the pages read it) in one chunk: as separate chunks, each shared by a different
            // set of pages, they cost a request and gzip's overhead each on every route (npm run
            // bench:budget). Not the content's first version (site-content.ts): the pages carry
            // their content, and only the dev server's page loads it. With them, two other small
            // pieces every route loads: Vite's helper for lazy imports and the forms' timed
            // message (each a chunk of its own before, 0.3-0.4 KiB of gzip on every route).
            {
              name: 'facts',
              test: /[\\/]src[\\/](config[\\/](messages|limits|email-address|site|site-content-helpers|site-images)\.ts|components[\\/](site-content\.tsx|use-timed-message\.ts))$|^\0vite[\\/]preload-helper/,
            },
            // What taking the audit needs of the engine (src/audit/questionnaire.ts and what it
            // imports, the score bands included) in one chunk: the report's code imports it too,
            // and a chunk split between them costs the audit's first paint a request and its
            // overhead (npm run bench:budget). The recommendations, the payoff model and the
            // engine's index, which adds them, come with the report's code.
            {
              name: 'audit-engine',
              test: /[\\/]src[\\/](audit[\\/](?!payoff\.|recommendations\.|index\.)[^\\/]+|config[\\/]score-bands)\.ts$/,
            },
          ],
        },
      },
    },
  },
})
