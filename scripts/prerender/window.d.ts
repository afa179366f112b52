// What scripts/prerender/boot.js leaves on `window` for the app (src/app/pwa/install-prompt.ts and
// src/components/use-held-submit.ts declare the same for the app's side).
interface Window {
  __earlyInstallOffer?: Event
  __heldSubmits?: HTMLFormElement[]
}
