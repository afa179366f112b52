// A prerendered page's loader (scripts/prerender/boot.js) asks for the app's code after the first
// paint. On a fast machine that ask usually comes before the page's `load`, so `page.goto`
// returns with the app running; on a slower one `load` can come first, and a test that acts at
// once acts on a page whose buttons do nothing yet. E2E_LATE_APP=1 gives every test that slower
// order on any machine: the loader's ask waits until a while after `load` (or a few seconds at
// most, for a test that holds the page's `load` back itself). A test that waits for what it needs
// (waitForApp, an element, a request) passes either way:
//   E2E_LATE_APP=1 npx playwright test tests/e2e/site.spec.ts
import type { BrowserContext } from '@playwright/test'
import { envFlag } from './env-flag'

/** How long after `load` the loader asks (the entry's fetch and run on a slow machine). */
const AFTER_LOAD_MS = 1500
/** How long the ask waits at most when `load` does not come. */
const LATEST_MS = 4000

export function lateAppWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return envFlag('E2E_LATE_APP', env)
}

/** Makes the loader of every page of `context` ask for the app only after `load`. */
export async function askForTheAppAfterLoad(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ afterLoadMs, latestMs }: { afterLoadMs: number; latestMs: number }) => {
      const frame = window.requestAnimationFrame.bind(window)
      window.requestAnimationFrame = (callback) => {
        // The loader calls this while it runs: it is the current script, with its data-entry.
        if (!document.currentScript?.hasAttribute('data-entry')) return frame(callback)
        let asked = false
        const ask = () => {
          if (asked) return
          asked = true
          frame(callback)
        }
        window.addEventListener('load', () => setTimeout(ask, afterLoadMs), { once: true })
        setTimeout(ask, latestMs)
        return 0
      }
    },
    { afterLoadMs: AFTER_LOAD_MS, latestMs: LATEST_MS },
  )
}
