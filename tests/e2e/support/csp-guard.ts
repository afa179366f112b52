// Fails a browser test on any Content-Security-Policy violation. Two witnesses, so
// nothing slips through: Chromium's console errors ("Refused to ..." or "... violates the
// following Content Security Policy directive ...") and the page's own
// `securitypolicyviolation` events, reported through a binding.
//
// Adopt it in a spec by importing `test` (and `expect`) from here instead of '@playwright/test':
//   import { expect, test } from './support/csp-guard'
// The guard is an auto fixture: nothing else changes in the spec. So is `lateApp`, which with
// E2E_LATE_APP=1 gives every page the app only after `load`, as a slow machine does (late-app.ts).
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'
import { askForTheAppAfterLoad, lateAppWanted } from './late-app'

export interface CspViolation {
  page: string
  /** 'console' or 'event' */
  via: string
  detail: string
}

const BINDING = '__reportCspViolation'
const CONSOLE_VIOLATION =
  /Content[ -]Security[ -]Policy|Refused to (load|execute|apply|connect|frame|create|evaluate|display|send|navigate)/i

/** Starts recording every CSP violation of `context`'s pages into the returned list. */
export async function recordCspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = []
  const watch = (page: Page) => {
    const note = (text: string) => {
      if (CONSOLE_VIOLATION.test(text))
        violations.push({ page: page.url(), via: 'console', detail: text })
    }
    page.on('console', (message) => note(message.text()))
  }
  context.pages().forEach(watch)
  context.on('page', watch)
  await context.exposeBinding(BINDING, ({ page }, detail: string) => {
    violations.push({ page: page.url(), via: 'event', detail })
  })
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (detail: string) => void>)[binding]
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}` +
          ` (${event.sourceFile || 'page'}:${event.lineNumber}) ${event.sample}`.trimEnd(),
      )
    })
  }, BINDING)
  return violations
}

export const test = base.extend<{ cspViolations: CspViolation[]; lateApp: void }>({
  // E2E_LATE_APP=1: every page gets the app after `load`, as on a slow machine (late-app.ts).
  lateApp: [
    async ({ context }, use) => {
      if (lateAppWanted()) await askForTheAppAfterLoad(context)
      await use()
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations = await recordCspViolations(context)
      await use(violations)
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
