// Lighthouse 12 on a page: mobile form factor and its default simulated throttling (Slow 4G:
// 150 ms RTT, 1.6 Mbps down, 4x CPU slowdown), the four categories, `runs` times in a fresh
// Chromium each run (Lighthouse also clears the origin's storage, so each run is a first
// visit), and the median of every number.
import lighthouse from 'lighthouse'
import { launchChromiumForDevtools } from './chromium.mjs'
import { median } from './stats.mjs'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/** @param {import('lighthouse').Result} lhr */
function summarize(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  )
  /** @param {string} id */
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN
  // What kept a category below 100, for the report.
  /** @type {Record<string, string[]>} */
  const misses = {}
  for (const id of CATEGORIES) {
    const failing = (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter(
        /** @returns {audit is import('lighthouse').Result['audits'][string] & { score: number }} */
        (audit) => audit && audit.score !== null && audit.score < 1,
      )
      .map((audit) => `${audit.id} (${Math.round(audit.score * 100)})`)
    if (failing.length > 0) misses[id] = failing
  }
  return {
    scores,
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndexMs: metric('speed-index'),
    // Lighthouse's own reading of this machine's JavaScript speed (it warns below 1,000, where
    // its 4x slowdown overstates a phone): a slower host inflates TBT with no change to the page.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    // Where the main thread's time went (ms by group), scaled like TBT: four times what it saw.
    mainThreadMs: Object.fromEntries(
      /** @type {{ group: string, duration: number }[]} */ (
        /** @type {{ items?: unknown[] }} */ (lhr.audits['mainthread-work-breakdown']?.details)
          ?.items ?? []
      ).map((item) => [item.group, Math.round(item.duration)]),
    ),
    misses,
    warnings: lhr.runWarnings ?? [],
  }
}

/**
 * One Lighthouse run in a Chromium of its own.
 * @param {string} url
 */
async function runOnce(url) {
  const chrome = await launchChromiumForDevtools()
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    })
    if (!result?.lhr) throw new Error(`Lighthouse returned no report for ${url}`)
    if (result.lhr.runtimeError) {
      throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`)
    }
    return summarize(result.lhr)
  } finally {
    await chrome.kill()
  }
}

/**
 * @param {string} url
 * @param {number} [runs]
 */
export async function runLighthouse(url, runs = 3) {
  /** @type {ReturnType<typeof summarize>[]} */
  const results = []
  /** @type {string[]} */
  const failures = []
  // A run that errors (a busy machine can time one out) is retried, up to two extra runs.
  while (results.length < runs && failures.length <= 2) {
    try {
      results.push(await runOnce(url))
    } catch (err) {
      failures.push(String(/** @type {Error | undefined} */ (err)?.message ?? err))
    }
  }
  if (results.length < runs)
    throw new Error(`Lighthouse on ${url} kept failing: ${failures.join('; ')}`)
  /** @param {(run: ReturnType<typeof summarize>) => number} pick */
  const med = (pick) => median(results.map(pick))
  return {
    url,
    runs: results.length,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, med((r) => r.scores[id])])),
    fcpMs: med((r) => r.fcpMs),
    lcpMs: med((r) => r.lcpMs),
    tbtMs: med((r) => r.tbtMs),
    cls: med((r) => r.cls),
    speedIndexMs: med((r) => r.speedIndexMs),
    benchmarkIndex: med((r) => r.benchmarkIndex),
    perRun: results,
    failedRuns: failures,
  }
}
