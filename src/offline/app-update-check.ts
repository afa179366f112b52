// "Is there a new version of the app?" asked from below the app layer: the service worker's
// registration lives in app/pwa/register-sw.ts, which hands its check here once it is
// registered; a feature that knows it just made a new version (the Site tab's publish) asks
// through checkForUpdateNow() without importing upwards.

let check: (() => void) | null = null

/** The service worker's registration provides the check (app/pwa/register-sw.ts). */
export function provideUpdateCheck(fn: () => void): void {
  check = fn
}

/** Asks for a new version now; before the worker is registered (or in dev) it does nothing. */
export function checkForUpdateNow(): void {
  check?.()
}
