// Quick taps: the free audit taken in Chromium at 390 px with the CPU slowed (DevTools' CPU
// throttling, 4x and 6x: a mid-range and a low-end Android), one tap per question and each Next,
// as a visitor takes it. Each interaction's latency is Chromium's own Event Timing (the longest
// event of the interaction, from the tap to the next paint: what INP is made of); an interaction
// under 16 ms leaves no entry and counts as 16 ms. Reports the worst, the 98th percentile and the
// median per slowdown (issue 39: the worst under 100 ms at 6x).
/* global document, requestAnimationFrame, requestIdleCallback, window -- in the page */
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs'
import { median, percentile } from './stats.mjs'

/** Chromium's Event Timing reports no interaction shorter than this. */
const THRESHOLD_MS = 16

/** Installed before the page's own scripts: keeps every interaction's longest event. */
function observeInteractions() {
  /** @type {Record<string, { name: string, duration: number, delay: number, processing: number }>} */
  const longest = {}
  Object.defineProperty(window, '__interactions', { value: longest })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const id = /** @type {PerformanceEventTiming & { interactionId?: number }} */ (entry)
        .interactionId
      if (!id) continue
      const key = String(id)
      if (!longest[key] || entry.duration > longest[key].duration) {
        const timing = /** @type {PerformanceEventTiming} */ (entry)
        longest[key] = {
          name: entry.name,
          duration: entry.duration,
          delay: timing.processingStart - entry.startTime,
          processing: timing.processingEnd - timing.processingStart,
        }
      }
    }
  }).observe(
    /** @type {PerformanceObserverInit} */ ({
      type: 'event',
      durationThreshold: 16,
      buffered: true,
    }),
  )
}

/**
 * Between taps, as a visitor reading the next question: the tap's paint is done, its Event Timing
 * entry delivered, and the main thread idle (the draft saved, effects run), or a second gone.
 * @param {import('playwright-core').Page} page
 */
async function settle(page) {
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 1000 })),
        ),
      ),
  )
}

/**
 * Taps the middle of `target` with a bare touch (DevTools' Input domain): Playwright's own tap
 * first runs its checks in the page, on the main thread the tap is measured on. The target is
 * scrolled to the middle of the screen and the page left to settle before the touch.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} target
 */
async function tap(page, target) {
  // In the middle of the screen: never under the phone's sticky Previous/Next bar.
  await target.evaluate((element) =>
    element.scrollIntoView({ block: 'center', behavior: 'instant' }),
  )
  const box = await target.boundingBox()
  if (!box) throw new Error('nothing to tap')
  await settle(page)
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
}

/**
 * One pass through the free audit at `rate`x CPU; returns each interaction's latency (ms).
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {number} rate
 */
async function takeAudit(browser, baseUrl, rate) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  try {
    await context.addInitScript(observeInteractions)
    const page = await context.newPage()
    await page.goto(`${baseUrl}/free-audit`)
    const start = page.getByRole('button', { name: 'Start the Free Audit' })
    // The app owns the button (hydrated) before the first tap counts.
    await page.waitForFunction(
      () => {
        const button = Array.from(document.querySelectorAll('button')).find(
          (b) => b.textContent?.trim() === 'Start the Free Audit',
        )
        return !!button && Object.keys(button).some((key) => key.startsWith('__reactFiber$'))
      },
      undefined,
      { timeout: 30_000 },
    )
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    let taps = 0
    await tap(page, start)
    taps++
    for (;;) {
      const groups = page.locator('fieldset:visible')
      await groups.first().waitFor()
      const count = await groups.count()
      for (let i = 0; i < count; i++) {
        // The first option of each question: a card the visitor taps.
        await tap(page, groups.nth(i).locator('label').first())
        await groups.nth(i).locator('input:checked').waitFor({ state: 'attached' })
        taps++
      }
      const report = page.getByRole('button', { name: 'Get My Report' })
      if (await report.isVisible()) {
        await tap(page, report)
        taps++
        await page.getByRole('heading', { name: 'Thanks for completing the audit!' }).waitFor()
        break
      }
      const heading = await page.locator('h1').first().textContent()
      await tap(page, page.getByRole('button', { name: 'Next' }))
      taps++
      await page.waitForFunction(
        (before) => document.querySelector('h1')?.textContent !== before,
        heading,
      )
    }
    await settle(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    /** @type {Record<string, { name: string, duration: number, delay: number, processing: number }>} */
    const seen = await page.evaluate(() => /** @type {any} */ (window).__interactions)
    const entries = Object.values(seen)
    const measured = entries.map((entry) => entry.duration)
    // Interactions that left no entry were under the threshold.
    while (measured.length < taps) measured.push(THRESHOLD_MS)
    const worst = entries.reduce((a, b) => (b.duration > a.duration ? b : a), entries[0])
    return {
      measured,
      // Where the worst one's time went: waiting for the main thread, the handlers, the paint.
      worst: worst && {
        event: worst.name,
        inputDelayMs: Math.round(worst.delay),
        processingMs: Math.round(worst.processing),
        presentationMs: Math.round(worst.duration - worst.delay - worst.processing),
      },
    }
  } finally {
    await context.close()
  }
}

/**
 * @param {string} baseUrl
 * @param {number[]} [rates]
 */
export async function measureTaps(baseUrl, rates = [4, 6]) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    /** @type {Record<string, { interactions: number, worstMs: number, p98Ms: number, medianMs: number, worst: unknown }>} */
    const byRate = {}
    for (const rate of rates) {
      const { measured: ms, worst } = await takeAudit(browser, baseUrl, rate)
      byRate[`${rate}x`] = {
        interactions: ms.length,
        worstMs: Math.max(...ms),
        p98Ms: percentile(ms, 98),
        medianMs: median(ms),
        worst,
      }
    }
    return byRate
  } finally {
    await browser.close()
  }
}
