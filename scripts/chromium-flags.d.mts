// Types for scripts/chromium-flags.mjs (used from playwright.config.ts and the TypeScript tests).

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM_PATH: string

/** The oldest Chromium whose offline emulation the browser tests can rely on. */
export const MIN_CHROMIUM_MAJOR: number

/** The major version in a `chromium --version` line ("Chromium 156.0.8078.114 ..."), or null. */
export function chromiumMajor(versionLine: string): number | null

/**
 * Why the Chromium at `path` (default CHROMIUM_PATH) cannot run the browser tests (missing, or
 * older than MIN_CHROMIUM_MAJOR), with the command that fixes it; null when it can.
 */
export function chromiumVersionProblem(path?: string): string | null

/** Chromium features the tests and the bench never use and that cost CPU in every window. */
export const UNUSED_FEATURES: readonly string[]

/** The features Playwright's own launch switches off (its --disable-features list). */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[]

/** The flags for a launch through Playwright (Playwright's own features kept off too). */
export const PLAYWRIGHT_CHROMIUM_ARGS: string[]

/** The flags for a launch without Playwright (Lighthouse's browser in the bench). */
export const DIRECT_CHROMIUM_ARGS: string[]
