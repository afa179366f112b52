// An archive page opened before the service worker controlled the tab (the first visit) did not
// pass through it, so it is not kept for offline reading yet: fetch it once more through the
// worker as soon as it takes control. Later visits pass through it anyway.
export function keepForOffline(path: string): void {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined
  if (!worker || worker.controller) return
  worker.addEventListener(
    'controllerchange',
    () => void fetch(path, { headers: { Accept: 'text/html' } }).catch(() => undefined),
    { once: true },
  )
}
