// First contentful paint on a rural link: a fresh Chromium profile (a first visit, no service
// worker, nothing cached) whose network is throttled through the DevTools protocol to 400 kbit/s
// each way with 400 ms of latency per request, no CPU slowdown. `runs` visits per page, each in a
// new browser context; the median counts.
import { chromium } from 'playwright-core'
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../chromium-flags.mjs'
import { median } from './stats.mjs'

export const SLOW_LINK = { kbitPerSecond: 400, latencyMs: 400 }

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
          () => reject(new Error('no first-contentful-paint in 30 s')),
          30_000,
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
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
async function visit(browser, url) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    const bytesPerSecond = (SLOW_LINK.kbitPerSecond * 1000) / 8
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_LINK.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    })
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 })
    return await firstContentfulPaint(page)
  } finally {
    await context.close()
  }
}

/**
 * { [path]: { fcpMs: [...], medianFcpMs } } for each of `paths` under `baseUrl`.
 * @param {string} baseUrl
 * @param {string[]} paths
 * @param {number} [runs]
 */
export async function measureSlowLink(baseUrl, paths, runs = 3) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: PLAYWRIGHT_CHROMIUM_ARGS,
  })
  try {
    /** @type {Record<string, { fcpMs: number[], medianFcpMs: number }>} */
    const pages = {}
    for (const path of paths) {
      const fcpMs = []
      for (let i = 0; i < runs; i++) fcpMs.push(await visit(browser, `${baseUrl}${path}`))
      pages[path] = { fcpMs, medianFcpMs: median(fcpMs) }
    }
    return { ...SLOW_LINK, runs, pages }
  } finally {
    await browser.close()
  }
}
