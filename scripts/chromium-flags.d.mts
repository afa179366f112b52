// Types for scripts/chromium-flags.mjs (used from playwright.config.ts and the TypeScript tests).

/** Debian's Chromium binary (not its launcher script), or CHROMIUM_PATH. */
export const CHROMIUM_PATH: string

/** Chromium features the tests and the bench never use and that cost CPU in every window. */
export const UNUSED_FEATURES: readonly string[]

/** The features Playwright's own launch switches off (its --disable-features list). */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[]

/** The flags for a launch through Playwright (Playwright's own features kept off too). */
export const PLAYWRIGHT_CHROMIUM_ARGS: string[]

/** The flags for a launch without Playwright (Lighthouse's browser in the bench). */
export const DIRECT_CHROMIUM_ARGS: string[]

/** The flags of Playwright's own to leave out, for /dev/shm with this much room. */
export function defaultArgsToDrop(shmFreeBytes: number): string[]

/** Playwright's `ignoreDefaultArgs` for this machine (defaultArgsToDrop of /dev/shm's room). */
export const PLAYWRIGHT_IGNORED_DEFAULT_ARGS: string[]
