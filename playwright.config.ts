import { defineConfig } from '@playwright/test'
import { envFlag } from './tests/e2e/support/env-flag'
import { pointAtWorkerServer } from './tests/e2e/support/servers'
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from './scripts/chromium-flags.mjs'

// Browser tests drive Debian's Chromium (never a Playwright browser download) against the app
// served the way `npm start` serves it; tests/e2e/global-setup.ts builds the site once and starts
// one such server per worker. Each worker process loads this file before any spec: from here on
// E2E_BASE_URL, E2E_PB_DATA and E2E_MAIL_DIR name its own server (support/servers.ts).
pointAtWorkerServer()

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // A guard against a hung test, not a speed goal (those live in `npm run bench`): on a busy
  // two-core CI host, three workers at once, the longest drills (six whole-page axe runs, a page at
  // six widths, a publish and a roll back) took 85-150 s where they take 20-40 s alone.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Most of a browser test is waiting (the server, the outbox, the mail queue): three at once keep
  // two cores busy without starving the servers. Files run in order unless they say otherwise
  // (layout.spec.ts does). One server per worker: global-setup.ts starts this many.
  workers: 3,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // Flags and features shared with the bench: scripts/chromium-flags.mjs.
      args: PLAYWRIGHT_CHROMIUM_ARGS,
    },
    // A trace records every test (a screencast and a DOM snapshot per action) to keep the failed
    // ones: a third of the browser tests' time on two cores (layout.spec.ts: 5.4 min with it, 3.5
    // without). E2E_TRACE=1 records them (npx playwright show-trace test-results/.../trace.zip).
    trace: envFlag('E2E_TRACE') ? 'retain-on-failure' : 'off',
    serviceWorkers: 'allow',
  },
})
