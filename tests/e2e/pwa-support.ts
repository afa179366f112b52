// Helpers for the PWA browser tests: builds of the site with a version marker, a PocketBase of
// their own serving a public dir (so a test can stop it or deploy a new version into it), and
// waiting for the service worker. Everything lives in git-ignored .e2e/ or the temp dir.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test'
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../../scripts/chromium-flags.mjs'
// @ts-expect-error -- plain ESM helper shared with the npm scripts
import { freePort, root, startPocketBase } from '../../scripts/pocketbase.mjs'

/** Builds the site with VITE_APP_VERSION=`version` into a fresh folder under .e2e/. */
export function buildSite(version: string): string {
  const outDir = join(root, '.e2e', `pwa-${version}-${process.pid}`)
  mkdirSync(join(root, '.e2e'), { recursive: true })
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, VITE_APP_VERSION: version } },
  )
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`)
  return outDir
}

/** Replaces what `publicDir` holds with a copy of `from`: a deploy, as the browser sees it. */
export function deploy(from: string, publicDir: string) {
  mkdirSync(publicDir, { recursive: true })
  for (const entry of readdirSync(publicDir)) {
    rmSync(join(publicDir, entry), { recursive: true, force: true })
  }
  cpSync(from, publicDir, { recursive: true })
}

export interface Site {
  url: string
  publicDir: string
  /** Stops the server (the site is unreachable until restart()). */
  stop(): Promise<void>
  /** Starts it again on the same port with the same data. */
  restart(): Promise<void>
  /** Stops the server and removes its data and public dir. */
  dispose(): Promise<void>
}

/** A PocketBase serving a copy of `from` from a temp public dir, with a temp data dir. */
export async function startSite(from: string): Promise<Site> {
  const publicDir = mkdtempSync(join(tmpdir(), 'pwa-public-'))
  deploy(from, publicDir)
  const dataDir = mkdtempSync(join(tmpdir(), 'pwa-data-'))
  const port = await freePort()
  const start = () =>
    startPocketBase({
      port,
      dataDir,
      publicDir,
      env: { OWNER_EMAIL: 'owner@e2e.local', SMTP_HOST: '' },
    })
  let server: { url: string; stop(): Promise<void> } | null = await start()
  const stop = async () => {
    await server?.stop()
    server = null
  }
  return {
    url: `http://127.0.0.1:${port}`,
    publicDir,
    stop,
    async restart() {
      await stop()
      server = await start()
    },
    async dispose() {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(publicDir, { recursive: true, force: true })
    },
  }
}

/** Waits until the page's service worker is activated (the app shell is precached by then). */
export async function waitForActiveServiceWorker(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration()
          return registration?.active?.state ?? 'none'
        }),
      { timeout: 30_000 },
    )
    .toBe('activated')
}

/**
 * Waits until the page's service worker is activated and controls the page: from then on even
 * the chunks the page has not loaded yet come from the precache, with or without a signal. The
 * first install claims the page that registered it, so a first visit needs no reload.
 */
export async function waitForControllingServiceWorker(page: Page) {
  await waitForActiveServiceWorker(page)
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true)
}

/** The build marker of the running page (<html data-app-version>). */
export function appVersion(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('data-app-version')
}

/**
 * Runs `run` in a normal (not incognito) Chromium profile: Chromium never installs, nor offers
 * to install, from an incognito context, which is what Playwright's default contexts are.
 * `--bypass-app-banner-engagement-checks` skips the wait for "enough engagement" before
 * Chromium offers installation; the offer itself is Chromium's own.
 */
export async function withProfile(
  viewport: { width: number; height: number },
  run: (context: BrowserContext) => Promise<void>,
) {
  const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...PLAYWRIGHT_CHROMIUM_ARGS, '--bypass-app-banner-engagement-checks'],
    viewport,
    serviceWorkers: 'allow',
  })
  try {
    await run(context)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}
