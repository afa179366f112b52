// Which of the app's code a page has fetched: a test that then cuts the network waits for the
// code it needs, not for `networkidle` (which, once reached after the first load, answers at once
// however much is still on its way) nor for a while.
import { expect, type BrowserContext, type Page } from '@playwright/test'
import { baseURL, MOBILE, waitForApp } from './helpers'

/** Starts watching `page`'s script requests; call before the page opens. */
export function trackScripts(page: Page) {
  let started = 0
  let settled = 0
  const loaded = new Set<string>()
  page.on('request', (req) => {
    if (req.resourceType() === 'script') started++
  })
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return
    settled++
    loaded.add(new URL(req.url()).pathname)
  })
  page.on('requestfailed', (req) => {
    if (req.resourceType() === 'script') settled++
  })
  const idle = () => started === settled
  return {
    /** Waits until no script the page asked for is still on its way. */
    async settled() {
      await expect.poll(idle, { message: 'no script on its way' }).toBe(true)
    },
    /**
     * Waits until a script whose file name starts with `chunk` (the module's name, e.g.
     * 'app-outbox') was loaded - prefetched, or warmed by a form - and no script is still on
     * its way.
     */
    async loaded(chunk: string) {
      const file = new RegExp(`/${chunk}-[^/]*\\.js$`)
      await expect
        .poll(() => [...loaded].some((path) => file.test(path)) && idle(), {
          message: `the ${chunk} code loaded`,
        })
        .toBe(true)
    },
  }
}

/**
 * `/` at 390 px, taken offline once the app runs and has fetched the given chunks of its code
 * (what it fetches once the browser is idle).
 */
export async function homeOfflineOnceLoaded(page: Page, context: BrowserContext, chunks: string[]) {
  await page.setViewportSize(MOBILE)
  const scripts = trackScripts(page)
  await page.goto(`${baseURL()}/`)
  await waitForApp(page)
  for (const chunk of chunks) await scripts.loaded(chunk)
  await context.setOffline(true)
}
