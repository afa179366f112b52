// The web app manifest is valid, Chromium considers the app installable, and where Chromium
// offers installation a discreet 'Install app' button appears.
import { expect, test } from './support/csp-guard'
import sharp from 'sharp'
import {
  DESKTOP,
  MOBILE,
  baseURL,
  expectAccessible,
  screenshot,
  waitForApp,
} from './support/helpers'
import { waitForActiveServiceWorker, withProfile } from './pwa-support'

interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose?: string
}

test.describe('install', () => {
  test('the manifest has the required fields and real icons of the sizes it claims', async ({
    request,
  }) => {
    const res = await request.get(`${baseURL()}/manifest.webmanifest`)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('application/manifest+json')
    const manifest = await res.json()

    expect(manifest).toMatchObject({
      name: 'North Country Efficiency',
      short_name: expect.any(String),
      description: expect.stringContaining('Audit'),
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1f4d3a',
      background_color: '#faf8f3',
    })
    // Longer short names are cut off under home-screen icons.
    expect(manifest.short_name.length).toBeLessThanOrEqual(12)

    const icons = manifest.icons as ManifestIcon[]
    const has = (size: string, purpose: string) =>
      icons.some((i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes(purpose))
    expect(has('192x192', 'any')).toBe(true)
    expect(has('512x512', 'any')).toBe(true)
    expect(has('512x512', 'maskable')).toBe(true)

    for (const icon of icons) {
      const file = await request.get(new URL(icon.src, `${baseURL()}/`).href)
      expect(file.status(), icon.src).toBe(200)
      expect(file.headers()['content-type'], icon.src).toBe(icon.type)
      const { width, height, format } = await sharp(await file.body()).metadata()
      expect(`${format} ${width}x${height}`, icon.src).toBe(`png ${icon.sizes}`)
    }
  })

  test('the page links the manifest and an opaque 180x180 apple-touch-icon', async ({
    page,
    request,
  }) => {
    await page.goto(`${baseURL()}/`)
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    )
    const href = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
    const file = await request.get(new URL(href!, `${baseURL()}/`).href)
    expect(file.headers()['content-type']).toBe('image/png')
    const image = sharp(await file.body())
    const { width, height } = await image.metadata()
    expect({ width, height }).toEqual({ width: 180, height: 180 })
    // iOS shows transparent corners as black: the touch icon must be opaque.
    expect((await image.stats()).isOpaque).toBe(true)
  })

  test('Chromium reports the app installable once the service worker is active', async () => {
    await withProfile(DESKTOP, async (context) => {
      const page = await context.newPage()
      await page.goto(`${baseURL()}/`)
      await waitForActiveServiceWorker(page)
      const cdp = await context.newCDPSession(page)
      const manifest = await cdp.send('Page.getAppManifest')
      expect(manifest.errors).toEqual([])
      expect(manifest.url).toBe(`${baseURL()}/manifest.webmanifest`)
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      expect(installabilityErrors).toEqual([])
    })
  })
})

test.describe('the Install app button', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`appears when Chromium offers installation, and can be put away (${viewport.width}px)`, async () => {
      await withProfile(viewport, async (context) => {
        // Notes Chromium's offer when it comes (the app's own listener runs after this one).
        await context.addInitScript(() =>
          window.addEventListener('beforeinstallprompt', () => {
            ;(window as unknown as { offered: boolean }).offered = true
          }),
        )
        const page = await context.newPage()
        await page.goto(`${baseURL()}/`)
        const install = page.getByRole('button', { name: 'Install app' })
        // Not on the page being read (it would push the text down), even once the offer is in...
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { offered?: boolean }).offered), {
            timeout: 20_000,
          })
          .toBe(true)
        await expect(install).toBeHidden()
        // ...but with the next page the visitor opens in the app (a link followed before the app
        // owns the page loads a new document, which Chromium need not offer installation again).
        await waitForApp(page)
        await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
        await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
        await expect(install).toBeVisible({ timeout: 20_000 })

        // Discreet: a small pill at the bottom right, stacked above the scroll-to-top corner
        // so it covers neither that button nor the outbox line at the bottom left.
        const box = (await install.boundingBox())!
        expect(box.height).toBeGreaterThanOrEqual(44)
        expect(box.width).toBeLessThan(220)
        expect(box.x).toBeGreaterThan(viewport.width / 2)
        // Scrolled by script: a key press scrolls only when the page, not the pill, has focus.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        const scrollTop = page.getByRole('button', { name: 'Scroll to top' })
        await expect(scrollTop).toBeVisible()
        const corner = (await scrollTop.boundingBox())!
        expect(box.y + box.height).toBeLessThanOrEqual(corner.y)
        await expectAccessible(page)
        await screenshot(page, 'pwa-install-button', { fullPage: false })

        await page.getByRole('button', { name: 'Not now' }).click()
        await expect(install).toBeHidden()
      })
    })
  }
})
