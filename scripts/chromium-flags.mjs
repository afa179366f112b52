// Debian's Chromium as the browser tests (playwright.config.ts) and the bench
// (scripts/bench/chromium.mjs) launch it: where it is, and one list of flags for both.
//
// Chromium's headless mode is the whole browser drawn off screen, and each new window (every
// Playwright context is one) also starts the address bar's suggestion popups: two WebUI pages
// (chrome://omnibox-popup.top-chrome/) in a renderer of their own, measured at about 2 s of CPU
// and 1 s of a page's first load per window on a two-core host, for a popup no test opens.
// They are switched off here.
//
// Chromium keeps only the last --disable-features it is given, and Playwright puts its own
// list before the caller's flags: a launch through Playwright must repeat Playwright's list
// (PLAYWRIGHT_DISABLED_FEATURES, checked against the installed Playwright by
// tests/unit/scripts/chromium-flags.test.ts) or would turn those back on.
//
// An older Chromium than MIN_CHROMIUM_MAJOR fails the offline browser tests for its own reasons:
// Debian's Chromium 150 (what `apt-get install` gives from a stale package index) reports
// `navigator.onLine` true after a reload under DevTools' offline emulation. `.ci/run` upgrades
// such a Chromium, and the browser tests refuse to start on one (chromiumVersionProblem).
import { spawnSync } from 'node:child_process'

/** @type {typeof import('./chromium-flags.mjs').CHROMIUM_PATH} */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** @type {typeof import('./chromium-flags.mjs').MIN_CHROMIUM_MAJOR} */
export const MIN_CHROMIUM_MAJOR = 156

/** @type {typeof import('./chromium-flags.mjs').chromiumMajor} */
export function chromiumMajor(versionLine) {
  const match = /\bChrom(?:e|ium) (\d+)\./.exec(versionLine)
  return match ? Number(match[1]) : null
}

/** @type {typeof import('./chromium-flags.mjs').chromiumVersionProblem} */
export function chromiumVersionProblem(path = CHROMIUM_PATH) {
  // Debian's /usr/bin/chromium is a shell script that may warn on stderr; the version is on stdout.
  const run = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 })
  if (run.error || run.status !== 0) {
    return `Chromium did not run at ${path} (${run.error?.message ?? `exit ${run.status}`}): apt-get update && apt-get install -y chromium`
  }
  const said = run.stdout.trim().split('\n')[0]
  const major = chromiumMajor(said)
  if (major === null) return `${path} --version said "${said}", not a Chromium version`
  if (major < MIN_CHROMIUM_MAJOR) {
    return `${path} is Chromium ${major}, older than the ${MIN_CHROMIUM_MAJOR} the offline browser tests need: apt-get update && apt-get install -y chromium`
  }
  return null
}

/** @type {typeof import('./chromium-flags.mjs').UNUSED_FEATURES} */
export const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

/** @type {typeof import('./chromium-flags.mjs').PLAYWRIGHT_DISABLED_FEATURES} */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

const COMMON = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** @type {typeof import('./chromium-flags.mjs').PLAYWRIGHT_CHROMIUM_ARGS} */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...COMMON,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_FEATURES].join(',')}`,
]

/** @type {typeof import('./chromium-flags.mjs').DIRECT_CHROMIUM_ARGS} */
export const DIRECT_CHROMIUM_ARGS = [...COMMON, `--disable-features=${UNUSED_FEATURES.join(',')}`]
