// Offline warm start: Chromium visits `/` once (the service worker installs and precaches the
// app) and reloads so the worker controls the page; then the network goes off and `/` is opened
// `runs` times in new tabs. Each time: milliseconds from navigation start to the first
// contentful paint (PerformanceObserver 'paint'), and a check that the home page really showed.
import { chromium } from 'playwright-core'
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../chromium-flags.mjs'
import { median } from './stats.mjs'

/**
 * Milliseconds from navigation start to the first contentful paint of `page`.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<number>}
 */
async function firstContentfulPaint(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('no first-contentful-paint in 10 s')),
          10_000,
        )
        new PerformanceObserver((list, observer) => {
          const fcp = list.getEntriesByName('first-contentful-paint')[0]
          if (!fcp) return
          clearTimeout(timer)
          observer.disconnect()
          resolve(fcp.startTime)
        }).observe({ type: 'paint', buffered: true })
      }),
  )
}

/**
 * @param {string} baseUrl
 * @param {number} [runs]
 */
export async function measureOfflineStart(baseUrl, runs = 5) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: PLAYWRIGHT_CHROMIUM_ARGS,
  })
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' })
    const first = await context.newPage()
    await first.goto(`${baseUrl}/`)
    // Active means installed, and installing is precaching every asset.
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await first.reload()
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await first.close()

    await context.setOffline(true)
    const fcpMs = []
    for (let i = 0; i < runs; i++) {
      const page = await context.newPage()
      await page.goto(`${baseUrl}/`)
      fcpMs.push(await firstContentfulPaint(page))
      const heading = await page.locator('h1').first().textContent({ timeout: 10_000 })
      if (!heading?.trim()) throw new Error('the home page did not render offline')
      const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null)
      if (!controlled) throw new Error('the offline page was not served by the service worker')
      await page.close()
    }
    await context.close()
    return { runs, fcpMs, medianFcpMs: median(fcpMs) }
  } finally {
    await browser.close()
  }
}
