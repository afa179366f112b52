// The public pages arrive as real HTML (scripts/prerender.mjs) and React takes them over without
// rendering them again: no hydration error, no console error, on a phone and a desktop width.
// The control case proves the watch works: a page whose HTML differs from what React renders
// must be caught.
import type { Page } from '@playwright/test'
import { expect, test } from './support/csp-guard'
import { baseURL, DESKTOP, MOBILE, waitForApp, waitForHydrated } from './support/helpers'
import { waitForActiveServiceWorker } from './pwa-support'
import { notFoundPage, publicPages } from '../../src/config/public-pages'

const PAGES = [
  ...publicPages.map((page) => ({ path: page.path, title: page.title, status: 200 })),
  { path: '/no-such-page', title: notFoundPage.title, status: 404 },
]

/**
 * Every console error and uncaught error of `page` from now on, but the browser's own network
 * notes (the not-found page's 404 status, the scheduler's script with no internet here).
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (message.type() === 'error' && !text.startsWith('Failed to load resource:')) {
      errors.push(text)
    }
  })
  page.on('pageerror', (error) => errors.push(String(error)))
  return errors
}

/** Opens `path` and waits until React has taken over the whole page (lazy page code included). */
async function openAndHydrate(page: Page, path: string) {
  const response = await page.goto(`${baseURL()}${path}`)
  // Not `load` nor `networkidle`: the app's code is asked for after the first paint, which on a
  // slow machine comes after both.
  await waitForApp(page)
  await waitForHydrated(page.getByRole('heading', { level: 1 }))
  // The menu button only works once React owns the header.
  const menu = page.getByRole('button', { name: 'Menu' })
  if (await menu.isVisible()) {
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await menu.click()
  }
  return response
}

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    for (const { path, title, status } of PAGES) {
      test(`${path} hydrates its prerendered HTML without an error`, async ({ page, request }) => {
        // The HTML alone (no JavaScript) holds the page's heading.
        const html = await (await request.get(`${baseURL()}${path}`)).text()
        expect(html).toMatch(/<h1[^>]*>/)
        expect(html).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`)

        const errors = watchErrors(page)
        const response = await openAndHydrate(page, path)
        expect(response?.status()).toBe(status)
        await expect(page).toHaveTitle(title)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        expect(errors).toEqual([])
      })
    }
  })
}

test('a page whose HTML differs from what React renders is caught', async ({ page }) => {
  // The privacy page's HTML with one word changed: React must notice while hydrating.
  await page.route(`${baseURL()}/privacy`, async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace('>Privacy Policy</h1>', '>Privacy Notice</h1>')
    await route.fulfill({ response, body: html })
  })
  const errors = watchErrors(page)
  await openAndHydrate(page, '/privacy')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')
  expect(errors.join('\n')).toMatch(/Hydration error/)
})

test("the browser's React shows the site content the page carries, on the pages it renders too", async ({
  page,
}) => {
  // The privacy page as a publish would render it for another business name: its HTML and the
  // content it carries both say the new name (the build's constants say the old one).
  await page.route(`${baseURL()}/privacy`, async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replaceAll('North Country Efficiency', 'Birch Consulting')
    await route.fulfill({ response, body: html })
  })
  const errors = watchErrors(page)
  await openAndHydrate(page, '/privacy')
  await expect(page.getByText('This is the website of Birch Consulting')).toBeVisible()
  // The terms come from the browser's React alone: the content it read from the page.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
  await expect(page.getByText('belong to Birch Consulting')).toBeVisible()
  await expect(page.getByRole('contentinfo').getByText(/© \d{4} Birch Consulting/)).toBeVisible()
  expect(errors).toEqual([])
})

test('offline, the service worker answers each public page with its own prerendered HTML and other routes with the app shell', async ({
  page,
  context,
}) => {
  await page.goto(`${baseURL()}/`)
  await waitForActiveServiceWorker(page)
  await context.setOffline(true)
  const errors = watchErrors(page)
  for (const { path, title } of PAGES.filter((p) => p.status === 200)) {
    await page.goto(`${baseURL()}${path}`)
    // The document itself has the page's title: the precached page, not the shell.
    expect(await page.evaluate(() => document.querySelector('title')?.textContent)).toBe(title)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await waitForHydrated(page.getByRole('heading', { level: 1 }))
  }
  expect(errors).toEqual([])
  // The login page is rendered in the browser from the shell.
  await page.goto(`${baseURL()}/login`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await context.setOffline(false)
})
