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

/** @type {typeof import('./chromium-flags.mjs').CHROMIUM_PATH} */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

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
