// After one online visit the installed app needs no network: every route opens from the
// service worker's precache, the quiet "Offline" line shows, and the free audit can be taken
// to the end; it is sent once the server is reachable again. The test's own PocketBase is
// STOPPED while offline, so nothing can quietly come from the network.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './support/csp-guard'
import { answerEverySection } from './audit-support'
import type { Page } from '@playwright/test'
import { DESKTOP, expectAccessible } from './support/helpers'
import { startSite, waitForActiveServiceWorker, withProfile, type Site } from './pwa-support'

const ROUTES: [path: string, heading: string | RegExp][] = [
  ['/', /More customers in the door/],
  ['/free-audit', 'A Free 5-Minute Business Efficiency Audit'],
  ['/call', 'Schedule a Call'],
  ['/privacy', /Privacy/],
  ['/terms', /Terms/],
  // A deep link behind sign-in: the app itself routes a signed-out visitor to Sign In.
  ['/dashboard', 'Sign In'],
]

function builtSite(): string {
  const dir = process.env.E2E_DIST_DIR
  if (!dir) throw new Error('E2E_DIST_DIR is not set: run through `npm run test:e2e`')
  return dir
}

/** Visits `/` online and waits until the service worker has precached the app. */
async function visitOnce(page: Page, site: Site) {
  await page.goto(`${site.url}/`)
  await waitForActiveServiceWorker(page)
}

/** Loads every same-origin image of the page (lazy ones too) and reports which decoded. */
function loadSameOriginImages(page: Page) {
  return page.evaluate(async () => {
    const images = Array.from(document.images).filter(
      (image) => new URL(image.currentSrc || image.src).origin === location.origin,
    )
    await Promise.all(
      images.map((image) => {
        image.loading = 'eager'
        if (image.complete) return undefined
        return new Promise<void>((done) => {
          image.addEventListener('load', () => done(), { once: true })
          image.addEventListener('error', () => done(), { once: true })
        })
      }),
    )
    return images.map((image) => ({ src: image.src, loaded: image.naturalWidth > 0 }))
  })
}

/** Every URL held in the page's Cache Storage (the service worker's caches). */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    }
    return urls
  })
}

test('the service worker precaches the app shell and every script and style of the build', () => {
  const dist = builtSite()
  const worker = readFileSync(join(dist, 'sw.js'), 'utf8')
  const built = [
    'index.html',
    'manifest.webmanifest',
    ...readdirSync(join(dist, 'assets')).map((file) => `assets/${file}`),
  ]
  expect(built.filter((file) => !worker.includes(`"${file}"`))).toEqual([])
  // Every lazy route is its own chunk; none may be missing from the precache.
  expect(built.filter((file) => /Page-[\w-]+\.js$/.test(file)).length).toBeGreaterThanOrEqual(8)
})

test.describe('offline after one visit', () => {
  let site: Site

  test.beforeEach(async () => {
    site = await startSite(builtSite())
  })
  test.afterEach(async () => {
    await site.dispose()
  })

  test('every route opens directly with no network and no server, showing "Offline"', async ({
    page,
    context,
  }) => {
    await visitOnce(page, site)
    await site.stop()
    await context.setOffline(true)

    for (const [path, heading] of ROUTES) {
      const response = await page.goto(`${site.url}${path}`)
      expect(response?.fromServiceWorker(), path).toBe(true)
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible()
    }
    await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toBeVisible()
    await expectAccessible(page)

    // The scheduler is never cached: offline, the call page says it needs the network.
    await page.goto(`${site.url}/call`)
    await expect(page.getByText('The scheduler needs a connection')).toBeVisible()

    // The home page's own images come from the precache too, not as broken pictures.
    await page.goto(`${site.url}/`)
    const images = await loadSameOriginImages(page)
    expect(images.length).toBeGreaterThan(0)
    expect(images.filter((image) => !image.loaded)).toEqual([])
  })

  test('the free audit can be completed offline and is sent once back online', async ({
    page,
    context,
  }) => {
    await visitOnce(page, site)
    await site.stop()
    await context.setOffline(true)

    await page.goto(`${site.url}/free-audit`)
    await page.getByRole('button', { name: 'Start the Free Audit' }).click()
    await answerEverySection(page)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thanks for completing the audit!' }),
    ).toBeVisible()
    await page
      .getByRole('main')
      .getByLabel('Email', { exact: true })
      .fill('offline-visitor@example.com')
    await page.getByRole('button', { name: 'Get My Results' }).click()
    await expect(
      page.getByText("Your results will be e-mailed to you as soon as you're back online."),
    ).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: '1 waiting to send' })).toBeVisible()

    await site.restart()
    await context.setOffline(false)
    await expect(page.getByText('Your results have been sent to your email!')).toBeVisible({
      timeout: 30_000,
    })
    // The audit went to the API; the service worker kept none of it (data offline is Dexie's).
    expect(await cachedUrls(page)).not.toEqual(
      expect.arrayContaining([expect.stringContaining('/api/')]),
    )
  })

  test('the scheduler script is left to the network, never answered by the service worker', async ({
    page,
  }) => {
    await visitOnce(page, site)
    await page.reload()
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true)
    // A stand-in for the provider's widget (the test machine has no internet).
    await page.route('https://assets.calendly.com/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.Calendly = { initInlineWidget() {} }',
      }),
    )
    const script = page.waitForResponse((r) => r.url().startsWith('https://assets.calendly.com/'))
    await page.goto(`${site.url}/call`)
    expect((await script).fromServiceWorker()).toBe(false)
    expect(await cachedUrls(page)).not.toEqual(
      expect.arrayContaining([expect.stringContaining('calendly')]),
    )
  })

  test('installed in Chromium, the app opens offline to the home page', async () => {
    await withProfile(DESKTOP, async (context) => {
      const page = await context.newPage()
      await visitOnce(page, site)
      // Install as the browser's "Install app" does, by the manifest id.
      const cdp = await context.newCDPSession(page)
      const { appId } = await cdp.send('Page.getAppId')
      expect(appId).toBe(`${site.url}/`)
      await cdp.send('PWA.install', { manifestId: appId! })

      await site.stop()
      await context.setOffline(true)
      const opened = context.waitForEvent('page')
      await cdp.send('PWA.launch', { manifestId: appId! })
      const app = await opened
      await expect(app).toHaveURL(`${site.url}/`)
      await expect(
        app.getByRole('heading', { level: 1, name: /More customers in the door/ }),
      ).toBeVisible()
      await expect(app.getByRole('status').filter({ hasText: /^Offline$/ })).toBeVisible()
    })
  })
})
