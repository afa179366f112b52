// Keeps the browser's install offer (`beforeinstallprompt`, Chromium browsers) for the
// 'Install app' button. Listening starts when this module loads (from src/main.tsx), because
// the event can fire before React has rendered anything; on a prerendered page it can fire
// before the app's code is even fetched, so the page's loader keeps it (scripts/prerender/boot.js).

/** Chromium's event; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>
}

declare global {
  interface Window {
    /** An offer that came before this module loaded, kept by a prerendered page's loader. */
    __earlyInstallOffer?: BeforeInstallPromptEvent
  }
}

let offer: BeforeInstallPromptEvent | null =
  (typeof window !== 'undefined' && window.__earlyInstallOffer) || null
const listeners = new Set<() => void>()

function setOffer(next: BeforeInstallPromptEvent | null) {
  offer = next
  for (const listener of listeners) listener()
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the mini-infobar away; our quiet button offers installation instead.
    event.preventDefault()
    setOffer(event as BeforeInstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => setOffer(null))
}

/** For useSyncExternalStore: the pending install offer, or null. */
export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function getInstallOffer(): BeforeInstallPromptEvent | null {
  return offer
}

/** Shows the browser's install dialog; an offer can be used once, whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed'> {
  const current = offer
  if (!current) return 'dismissed'
  setOffer(null)
  await current.prompt()
  return (await current.userChoice).outcome
}
