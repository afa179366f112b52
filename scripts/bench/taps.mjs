// Quick taps: the free audit taken in Chromium at 390 px with the CPU slowed (DevTools' CPU
// throttling, 4x and 6x: a mid-range and a low-end Android), one tap per question and each Next,
// as a visitor takes it. Each interaction's latency is Chromium's own Event Timing (the longest
// event of the interaction, from the tap to the next paint: what INP is made of); an interaction
// under 16 ms leaves no entry and counts as 16 ms. Reports the worst, the 98th percentile, the
// median and the worst of each kind of tap per slowdown (issue 39: the worst under 100 ms at 6x),
// and beside them two floors: the same number of taps on the audit's first section served as HTML
// with no script, what the browser alone spends on a tap on this machine; and as many taps as the
// audit has step taps on that page with a few lines of script that change the step, the least a
// tap that changes the step can cost here.
// The page is driven through DevTools alone (Runtime.evaluate, Input.dispatchTouchEvent), never
// Playwright's locators: the script they put in the page listens to every pointer, touch and
// mouse event of the window, and its listeners ran in every tap measured (about 6 ms of each at
// 6x in a trace).
/* global window, document, requestAnimationFrame -- in the page */
import { chromium } from 'playwright-core'
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from '../chromium-flags.mjs'
import { median, percentile } from './stats.mjs'

/** Chromium's Event Timing reports no interaction shorter than this. */
const THRESHOLD_MS = 16

/**
 * Installed before the page's own scripts: keeps every interaction's longest event, and
 * `__awaitTap(counted, ms)` resolves with the ids of the interactions not in `counted` once one
 * of them has its click (a tap's last event; its pointerdown is reported a frame earlier), or
 * after `ms` with what there is: a wait in the page, so nothing polls it while a tap is timed.
 */
function observeInteractions() {
  /** @type {Record<string, { name: string, duration: number, delay: number, processing: number, startTime: number }>} */
  const longest = {}
  // When a step's heading takes the focus (the audit focuses each new step's heading as it
  // commits it): the time of the next frame's start, the frame that draws the new step.
  /** @type {number[]} */
  const stepFrames = []
  /** @type {(() => void)[]} */
  let framesAwaited = []
  Object.defineProperty(window, '__stepFrames', { value: stepFrames })
  Object.defineProperty(window, '__awaitStepFrame', {
    /** @param {number} index @param {number} ms */
    value: (index, ms) =>
      new Promise((resolve) => {
        const check = () => index < stepFrames.length && (resolve(stepFrames[index]), true)
        if (check()) return
        framesAwaited.push(() => void check())
        setTimeout(() => resolve(null), ms)
      }),
  })
  document.addEventListener(
    'focusin',
    (event) => {
      if (/** @type {Element} */ (event.target).tagName !== 'H1') return
      requestAnimationFrame(() => {
        stepFrames.push(performance.now())
        for (const check of framesAwaited) check()
        framesAwaited = []
      })
    },
    { capture: true, passive: true },
  )
  /** @type {Set<string>} */
  const clicked = new Set()
  /** @type {(() => boolean)[]} */
  let waiting = []
  Object.defineProperty(window, '__interactions', { value: longest })
  Object.defineProperty(window, '__awaitTap', {
    /** @param {string[]} counted @param {number} ms */
    value: (counted, ms) =>
      new Promise((resolve) => {
        const fresh = () => Object.keys(longest).filter((id) => !counted.includes(id))
        const check = () => {
          if (!fresh().some((id) => clicked.has(id))) return false
          resolve(fresh())
          return true
        }
        if (check()) return
        waiting.push(check)
        setTimeout(() => resolve(fresh()), ms)
      }),
  })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const id = /** @type {PerformanceEventTiming & { interactionId?: number }} */ (entry)
        .interactionId
      if (!id) continue
      const key = String(id)
      if (entry.name === 'click') clicked.add(key)
      if (!longest[key] || entry.duration > longest[key].duration) {
        const timing = /** @type {PerformanceEventTiming} */ (entry)
        longest[key] = {
          name: entry.name,
          duration: entry.duration,
          delay: timing.processingStart - entry.startTime,
          processing: timing.processingEnd - timing.processingStart,
          startTime: entry.startTime,
        }
      }
    }
    waiting = waiting.filter((check) => !check())
  }).observe(
    /** @type {PerformanceObserverInit} */ ({
      type: 'event',
      durationThreshold: 16,
      buffered: true,
    }),
  )
}

/** @typedef {import('playwright-core').CDPSession} CDPSession */

/**
 * Runs `expression` in the page's own world through DevTools and returns its value.
 * @param {CDPSession} cdp
 * @param {string} expression
 */
async function run(cdp, expression) {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression,
    awaitPromise: true,
    returnByValue: true,
  })
  if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description}`)
  return result.value
}

/**
 * Waits until `expression` is true in the page.
 * @param {CDPSession} cdp
 * @param {string} expression
 * @param {string} what
 */
async function waitInPage(cdp, expression, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await run(cdp, `!!(${expression})`))) {
    if (Date.now() > deadline) throw new Error(`taps: ${what} did not happen in ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Fails the run if something listens to the window's input events (the app listens on its root
 * element; a listener on the window is a harness's, such as Playwright's after a locator's
 * evaluate, and would be timed as the page's).
 * @param {CDPSession} cdp
 */
async function assertBarePage(cdp) {
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' })
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
    objectId: /** @type {string} */ (result.objectId),
  })
  const input = listeners.filter((l) => /^(pointer|touch|mouse|click)/.test(l.type))
  if (input.length > 0) {
    throw new Error(`taps: the window has input listeners: ${input.map((l) => l.type).join(', ')}`)
  }
}

/**
 * A visitor reading before the next tap: the page quiet, that is its main thread idle through
 * six whole idle periods in a row (about 300 ms with nothing to run and no frame to draw), or 5 s
 * gone. What a tap leaves for later (the draft written to IndexedDB, the section after next
 * rendered ahead: up to 350 ms after a Next at 6x in a trace) and what the page does after it
 * loads are done by then, as they are while a visitor reads; a tap on a page still busy with the
 * last one measures a visitor no one is (34 taps 150 ms apart).
 */
const QUIET = `new Promise((resolve) => {
  let calm = 0
  const giveUp = setTimeout(resolve, 5000)
  const tick = (deadline) => {
    calm = deadline.timeRemaining() >= 45 ? calm + 1 : 0
    if (calm < 6) return requestIdleCallback(tick)
    clearTimeout(giveUp)
    resolve()
  }
  requestIdleCallback(tick)
})`

/**
 * Scrolls the element `find` returns to the middle of the screen (never under the phone's
 * sticky Previous/Next bar), lets the visitor read (the page settles), and taps its middle with
 * a bare touch (DevTools' Input domain, a finger's down and up).
 * @param {CDPSession} cdp
 * @param {string} find an expression for the element
 */
async function tap(cdp, find) {
  const point = await run(
    cdp,
    `(() => {
      const element = ${find}
      if (!element) return null
      element.scrollIntoView({ block: 'center', behavior: 'instant' })
      const box = element.getBoundingClientRect()
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    })()`,
  )
  if (!point) throw new Error(`taps: nothing to tap (${find})`)
  await run(cdp, QUIET)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

/** The visible question groups of the section on screen. */
const VISIBLE_GROUPS = `Array.from(document.querySelectorAll('fieldset')).filter((f) => f.checkVisibility())`

/** @param {string} label */
const button = (label) =>
  `Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.trim() === ${JSON.stringify(label)} && b.checkVisibility())`

/** @typedef {'Start' | 'answer' | 'Next' | 'Get My Report'} TapKind */
/** @typedef {{ name: string, duration: number, delay: number, processing: number, startTime: number }} Interaction */
/**
 * `stepShown`, for a tap that changes the step: from the tap to the start of the frame that
 * draws the new step (its heading focused), which may come after the tap's own paint.
 * @typedef {{ kind: TapKind, duration: number, entry: Interaction | undefined, stepShown?: number }} Tap
 */

/**
 * The tap just made, measured: its interaction's longest event (reported after its paint), or
 * the threshold if it left none within 2 s (a tap under 16 ms leaves none).
 * @param {CDPSession} cdp
 * @param {Set<string>} counted the interactions already given to a tap
 * @param {TapKind} kind
 * @returns {Promise<Tap>}
 */
async function measureLastTap(cdp, counted, kind) {
  /** @type {string[]} */
  const fresh = await run(cdp, `window.__awaitTap(${JSON.stringify([...counted])}, 2000)`)
  if (fresh.length === 0) return { kind, duration: THRESHOLD_MS, entry: undefined }
  /** @type {Record<string, Interaction>} */
  const seen = await run(cdp, 'window.__interactions')
  for (const id of fresh) counted.add(id)
  const entry = fresh.map((id) => seen[id]).reduce((a, b) => (b.duration > a.duration ? b : a))
  return { kind, duration: entry.duration, entry }
}

/**
 * Taps the button `find` returns, a tap that changes the step: measured as any tap, and also to
 * the frame that draws the new step.
 * @param {CDPSession} cdp
 * @param {Set<string>} counted
 * @param {string} find
 * @param {TapKind} kind
 * @returns {Promise<Tap>}
 */
async function stepTap(cdp, counted, find, kind) {
  /** @type {number} */
  const before = await run(cdp, 'window.__stepFrames.length')
  await tap(cdp, find)
  const measured = await measureLastTap(cdp, counted, kind)
  /** @type {number | null} */
  const frame = await run(cdp, `window.__awaitStepFrame(${before}, 5000)`)
  if (frame === null) throw new Error(`taps: ${kind} showed no new step`)
  if (measured.entry) measured.stepShown = frame - measured.entry.startTime
  return measured
}

/** A phone's screen (390 px, touch) watching its interactions, and DevTools on its page. */
async function openPhone(/** @type {import('playwright-core').Browser} */ browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  await context.addInitScript(observeInteractions)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  return { context, page, cdp }
}

const START = button('Start the Free Audit')

/**
 * Opens /free-audit and waits until the app owns its Start button (hydrated): a tap before that
 * would not be the app's.
 * @param {import('playwright-core').Page} page
 * @param {CDPSession} cdp
 * @param {string} baseUrl
 */
async function openAudit(page, cdp, baseUrl) {
  await page.goto(`${baseUrl}/free-audit`)
  await waitInPage(
    cdp,
    `(${START}) && Object.keys(${START}).some((key) => key.startsWith('__reactFiber$'))`,
    'the audit page hydrating',
  )
  await assertBarePage(cdp)
}

/**
 * The text at the top of a step: the progress line, the heading and the introduction, and the
 * progress bar's width.
 * @typedef {{ progress: string, heading: string, intro: string, width: string }} StepTop
 */

/** The top of the section on screen, as a `StepTop`. */
const STEP_TOP = `(() => {
  const section = document.querySelector('.audit-questions')
  return {
    progress: section.querySelector('.audit-progress__text > span').textContent,
    heading: section.querySelector('h1').textContent,
    intro: section.querySelector('.audit-questions__intro').textContent,
    width: section.querySelector('.audit-progress__bar > span').style.width,
  }
})()`

/**
 * The page's HTML as the app shows the audit's first section (taken at full speed), without its
 * scripts: the same elements and the same style sheets, and nothing to run. With it, the tops of
 * the first two sections (the step floor writes them in turn).
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @returns {Promise<{ html: string, tops: [StepTop, StepTop] }>}
 */
async function firstSectionPage(browser, baseUrl) {
  const { context, page, cdp } = await openPhone(browser)
  try {
    await openAudit(page, cdp, baseUrl)
    await tap(cdp, START)
    await waitInPage(cdp, `${VISIBLE_GROUPS}.length > 0`, 'the first section showing')
    await run(cdp, QUIET)
    /** @type {string} */
    const html = await run(
      cdp,
      `(() => {
        const copy = document.documentElement.cloneNode(true)
        for (const s of copy.querySelectorAll('script, link[rel=modulepreload]')) s.remove()
        return '<!doctype html>' + copy.outerHTML
      })()`,
    )
    /** @type {StepTop} */
    const first = await run(cdp, STEP_TOP)
    await tap(cdp, button('Next'))
    await waitInPage(
      cdp,
      `document.querySelector('h1').textContent !== ${JSON.stringify(first.heading)}`,
      'the second section',
    )
    return { html, tops: [first, await run(cdp, STEP_TOP)] }
  } finally {
    await context.close()
  }
}

/**
 * The share of one core the busiest renderer uses over 3 s with nothing to do (the bare page,
 * quiet, still slowed). DevTools' CPU throttling on Linux slows the page's main thread by making
 * it spin: a signal every 200 µs, whose handler busy-waits for (rate - 1) times the time the
 * thread last ran. So at 4x and 6x the slowed page keeps most of a core busy even when idle,
 * and on a two-core host the browser's other threads (input routing, compositing, raster) share
 * what is left with everything else: what a phone, whose other cores are free, does not see.
 * @param {import('playwright-core').Browser} browser
 */
async function idleRendererLoad(browser) {
  const cdp = await browser.newBrowserCDPSession()
  try {
    /** @returns {Promise<Map<number, number>>} each renderer's CPU seconds so far */
    const renderers = async () => {
      const { processInfo } = await cdp.send('SystemInfo.getProcessInfo')
      return new Map(processInfo.filter((p) => p.type === 'renderer').map((p) => [p.id, p.cpuTime]))
    }
    const before = await renderers()
    const start = performance.now()
    await new Promise((resolve) => setTimeout(resolve, 3000))
    const after = await renderers()
    const seconds = (performance.now() - start) / 1000
    const used = [...after].map(([id, cpu]) => cpu - (before.get(id) ?? cpu))
    return Math.max(0, ...used) / seconds
  } finally {
    await cdp.detach()
  }
}

/**
 * The floor: what the browser alone spends on a tap on this machine. The audit's first section,
 * served again as HTML and CSS with no script (`html`, from `firstSectionPage`), its answer
 * cards tapped `count` times (each question in turn, a different answer each round) at the same
 * slowdown, screen size and touches as the audit. No change to the app can make its taps quicker
 * than these, so on a slow or busy host they show how much of the audit's figure is the host's.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {string} html
 * @param {number} rate
 * @param {number} count
 * @returns {Promise<{ taps: Tap[], idleRendererCore: number }>} the taps, and the share of a core
 *   the slowed page's renderer keeps busy while idle (`idleRendererLoad`)
 */
async function tapBarePage(browser, baseUrl, html, rate, count) {
  const { context, page, cdp } = await openPhone(browser)
  try {
    // Served by the browser itself (DevTools' request interception): the page's style sheets
    // still come from the app's server, and no script is put in the page.
    const url = `${baseUrl}/__bench-bare-audit`
    await context.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }))
    await page.goto(url)
    if ((await run(cdp, 'document.scripts.length')) !== 0)
      throw new Error('taps: the bare page has a script')
    await assertBarePage(cdp)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    const groups = await run(cdp, `${VISIBLE_GROUPS}.length`)
    /** @type {Tap[]} */
    const taps = []
    const counted = new Set()
    for (let i = 0; taps.length < count; i++) {
      const labels = `${VISIBLE_GROUPS}[${i % groups}].querySelectorAll('label')`
      await tap(cdp, `${labels}[${Math.floor(i / groups)} % ${labels}.length]`)
      taps.push(await measureLastTap(cdp, counted, 'answer'))
    }
    return { taps, idleRendererCore: await idleRendererLoad(browser) }
  } finally {
    await context.close()
  }
}

/**
 * The least a step tap does, in the page (the step floor's script): Next hides the questions on
 * screen, writes the other section's top (`tops`: the first section's and the second's, in
 * turn), scrolls the page to its top and focuses the heading in the tap, and shows that
 * section's questions (rendered ahead, hidden as React's Activity hides them) a frame later, as
 * the audit does. A press on it leaves the focus where it is, as on the audit's step buttons.
 * @param {[StepTop, StepTop]} tops
 */
function changeStepsByHand(tops) {
  const section = /** @type {HTMLElement} */ (document.querySelector('.audit-questions'))
  const $ = (/** @type {string} */ selector) =>
    /** @type {HTMLElement} */ (section.querySelector(selector))
  const progress = $('.audit-progress__text > span')
  const heading = $('h1')
  const intro = $('.audit-questions__intro')
  const bar = $('.audit-progress__bar > span')
  const fieldsets = Array.from(section.querySelectorAll('fieldset'))
  const first = fieldsets.filter((f) => f.checkVisibility())
  const second = fieldsets.filter((f) => !first.includes(f))
  if (first.length === 0 || second.length === 0) throw new Error('no second section rendered ahead')
  let shown = 0
  const next = $('.audit-nav__next')
  next.addEventListener('mousedown', (event) => event.preventDefault())
  next.addEventListener('click', () => {
    shown = 1 - shown
    for (const f of fieldsets) f.style.setProperty('display', 'none', 'important')
    const top = tops[shown]
    progress.textContent = top.progress
    heading.textContent = top.heading
    intro.textContent = top.intro
    bar.style.width = top.width
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
    // After a tap, the audit's heading takes the focus without its ring (use-step-focus.ts).
    heading.focus(/** @type {FocusOptions} */ ({ preventScroll: true, focusVisible: false }))
    requestAnimationFrame(() =>
      setTimeout(() => {
        for (const f of shown ? second : first) f.style.removeProperty('display')
      }, 0),
    )
  })
}

/**
 * The step floor: what a tap that changes the step costs on this machine when nothing but that
 * change runs. The audit's first section as HTML (`html`), with `changeStepsByHand` as its only
 * script, its Next tapped `count` times at the same slowdown, screen size and touches as the
 * audit, the focus off the heading before each (in the audit an answer has it). What a step tap
 * of the audit costs above this is React's and the audit's own code's.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {{ html: string, tops: [StepTop, StepTop] }} firstSection
 * @param {number} rate
 * @param {number} count
 * @returns {Promise<Tap[]>}
 */
async function tapStepFloor(browser, baseUrl, { html, tops }, rate, count) {
  const { context, page, cdp } = await openPhone(browser)
  try {
    const script = `<script>(${changeStepsByHand.toString()})(${JSON.stringify(tops)})</script>`
    const url = `${baseUrl}/__bench-step-floor`
    await context.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: html.replace('</body>', `${script}</body>`),
      }),
    )
    await page.goto(url)
    if ((await run(cdp, 'document.scripts.length')) !== 1)
      throw new Error('taps: the step floor should have its one script')
    await assertBarePage(cdp)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    /** @type {Tap[]} */
    const taps = []
    const counted = new Set()
    while (taps.length < count) {
      await run(cdp, 'document.activeElement?.blur()')
      taps.push(await stepTap(cdp, counted, button('Next'), 'Next'))
    }
    return taps
  } finally {
    await context.close()
  }
}

/**
 * One pass through the free audit at `rate`x CPU; returns each tap, in order, with its latency.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {number} rate
 * @returns {Promise<Tap[]>}
 */
async function takeAudit(browser, baseUrl, rate) {
  const { context, page, cdp } = await openPhone(browser)
  try {
    await openAudit(page, cdp, baseUrl)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    /** @type {Tap[]} */
    const taps = []
    const counted = new Set()
    taps.push(await stepTap(cdp, counted, START, 'Start'))
    for (;;) {
      await waitInPage(cdp, `${VISIBLE_GROUPS}.length > 0`, 'a section showing')
      const count = await run(cdp, `${VISIBLE_GROUPS}.length`)
      for (let i = 0; i < count; i++) {
        // The first option of each question: a card the visitor taps.
        await tap(cdp, `${VISIBLE_GROUPS}[${i}].querySelector('label')`)
        taps.push(await measureLastTap(cdp, counted, 'answer'))
        await waitInPage(cdp, `${VISIBLE_GROUPS}[${i}].querySelector('input:checked')`, 'an answer')
      }
      if (await run(cdp, `!!(${button('Get My Report')})`)) {
        taps.push(await stepTap(cdp, counted, button('Get My Report'), 'Get My Report'))
        await waitInPage(
          cdp,
          `Array.from(document.querySelectorAll('h1')).some((h) => h.checkVisibility() && h.textContent?.trim() === 'Thanks for completing the audit!')`,
          'the teaser',
        )
        break
      }
      const heading = await run(cdp, `document.querySelector('h1')?.textContent`)
      taps.push(await stepTap(cdp, counted, button('Next'), 'Next'))
      await waitInPage(
        cdp,
        `document.querySelector('h1')?.textContent !== ${JSON.stringify(heading)}`,
        'the next section',
      )
    }
    return taps
  } finally {
    await context.close()
  }
}

/**
 * @param {string} baseUrl
 * @param {number[]} rates
 * @param {number} goalMs the goal a tap should stay under: taps at it or over are counted
 */
export async function measureTaps(baseUrl, rates, goalMs) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: PLAYWRIGHT_CHROMIUM_ARGS,
  })
  try {
    /** @type {Record<string, { interactions: number, worstMs: number, p98Ms: number, medianMs: number, overGoal: number, worstByKind: Record<string, number>, floor: { worstMs: number, medianMs: number, firstMs: number, overGoal: number, idleRendererCore: number }, steps: { taps: number, worstMs: number, medianMs: number }, stepFloor: { taps: number, worstMs: number, medianMs: number, firstMs: number, overGoal: number }, stepShown: { taps: number, medianMs: number, worstMs: number }, worst: unknown }>} */
    const byRate = {}
    const firstSection = await firstSectionPage(browser, baseUrl)
    for (const rate of rates) {
      const taps = await takeAudit(browser, baseUrl, rate)
      const ms = taps.map((t) => t.duration)
      const bare = await tapBarePage(browser, baseUrl, firstSection.html, rate, taps.length)
      const floor = bare.taps.map((t) => t.duration)
      // Start, the Nexts and Get My Report.
      const steps = taps.filter((t) => t.kind !== 'answer').map((t) => t.duration)
      const stepFloor = (
        await tapStepFloor(browser, baseUrl, firstSection, rate, steps.length)
      ).map((t) => t.duration)
      /** @type {Record<string, number>} */
      const worstByKind = {}
      for (const t of taps) worstByKind[t.kind] = Math.max(worstByKind[t.kind] ?? 0, t.duration)
      const worst = taps.reduce((a, b) => (b.duration > a.duration ? b : a))
      const stepShown = taps.flatMap((t) => (t.stepShown === undefined ? [] : [t.stepShown]))
      byRate[`${rate}x`] = {
        interactions: ms.length,
        worstMs: Math.max(...ms),
        p98Ms: percentile(ms, 98),
        medianMs: median(ms),
        overGoal: ms.filter((d) => d >= goalMs).length,
        worstByKind,
        floor: {
          worstMs: Math.max(...floor),
          medianMs: median(floor),
          // A page's first tap pays for what the browser sets up on first input.
          firstMs: floor[0],
          overGoal: floor.filter((d) => d >= goalMs).length,
          idleRendererCore: bare.idleRendererCore,
        },
        // The audit's own taps that change the step, beside the step floor.
        steps: { taps: steps.length, worstMs: Math.max(...steps), medianMs: median(steps) },
        // What a step tap costs with nothing but the step's change to run.
        stepFloor: {
          taps: stepFloor.length,
          worstMs: Math.max(...stepFloor),
          medianMs: median(stepFloor),
          firstMs: stepFloor[0],
          overGoal: stepFloor.filter((d) => d >= goalMs).length,
        },
        // What the visitor waits for after a tap that changes the step: the new step drawn.
        stepShown: {
          taps: stepShown.length,
          medianMs: median(stepShown),
          worstMs: Math.max(...stepShown),
        },
        // Where the worst one's time went: waiting for the main thread, the handlers, the paint.
        worst: worst.entry && {
          tap: worst.kind,
          event: worst.entry.name,
          inputDelayMs: Math.round(worst.entry.delay),
          processingMs: Math.round(worst.entry.processing),
          presentationMs: Math.round(
            worst.entry.duration - worst.entry.delay - worst.entry.processing,
          ),
        },
      }
    }
    return byRate
  } finally {
    await browser.close()
  }
}
