// Owns the service worker registration (workbox-window's Workbox, loaded after the page has
// loaded so the first render pays nothing for it) and the "a new version is waiting" state.
// It never reloads by itself: only applyUpdate() (the banner's Reload) activates the waiting
// worker, after any outbox flush in progress has finished, and then reloads THIS tab only.
// Why: docs/decisions/003-service-worker-and-updates.md.
import type { Workbox } from 'workbox-window'
import { provideUpdateCheck } from '../../offline/app-update-check'

export type UpdatePhase =
  /** Nothing to do: no newer version known. */
  | 'current'
  /** A newer version is installed (or already took over from another tab): offer Reload. */
  | 'available'
  /** Reload was pressed while the outbox is sending: wait for it to finish first. */
  | 'waiting-for-outbox'
  /** The new worker is activating; the page reloads when it takes over. */
  | 'reloading'

const SW_URL = '/sw.js'
/** How often an open app asks the server for a new version (besides page loads). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000
/** Coming back to the app checks too, but not more often than this. */
const MIN_CHECK_GAP_MS = 5 * 60 * 1000

let phase: UpdatePhase = 'current'
const listeners = new Set<() => void>()
let workbox: Workbox | undefined
let registration: ServiceWorkerRegistration | undefined

function setPhase(next: UpdatePhase) {
  if (next === phase) return
  phase = next
  for (const listener of listeners) listener()
}

/** For useSyncExternalStore. */
export function subscribeUpdatePhase(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function getUpdatePhase(): UpdatePhase {
  return phase
}

/** Registers /sw.js after the page has loaded (production builds only). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const start = () => {
    void register().catch((err) => console.warn('service worker: registration failed', err))
  }
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}

async function register() {
  const { Workbox } = await import('workbox-window')
  const container = navigator.serviceWorker
  // Controlled at load = a version is already installed; anything new after that is an update.
  let wasControlled = Boolean(container.controller)
  const wb = new Workbox(SW_URL, { scope: '/' })
  workbox = wb

  const noticeWaiting = () => {
    if (container.controller && phase === 'current') setPhase('available')
  }
  // A newer worker installed and waiting, found now or at any later update check.
  wb.addEventListener('waiting', noticeWaiting)

  // Another tab pressed Reload: this tab now runs old code under the new worker. Say so; the
  // visitor reloads when it suits them (their draft is safe in IndexedDB).
  container.addEventListener('controllerchange', () => {
    if (wasControlled && phase === 'current') setPhase('available')
    wasControlled = true
  })

  registration = await wb.register()
  if (registration?.waiting) noticeWaiting()
  scheduleUpdateChecks(wb)
}

function scheduleUpdateChecks(wb: Workbox) {
  let lastCheck = Date.now()
  const check = () => {
    if (!navigator.onLine) return
    lastCheck = Date.now()
    wb.update().catch(() => undefined) // offline or server down: try again later
  }
  setInterval(check, UPDATE_CHECK_INTERVAL_MS)
  // A change known to make a new version (the Site tab's publish) asks at once.
  provideUpdateCheck(check)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > MIN_CHECK_GAP_MS) check()
  })
  window.addEventListener('online', check)
}

/**
 * The banner's Reload: waits for an outbox flush in progress (in any tab) to finish, keeps
 * new flushes from starting, activates the waiting worker and reloads this tab once it has
 * taken over. With no waiting worker (another tab already switched) it simply reloads.
 */
export async function applyUpdate(): Promise<void> {
  if (phase === 'waiting-for-outbox' || phase === 'reloading') return
  const { whileOutboxIdle, isOutboxFlushing } = await import('./outbox-guard')
  if (await isOutboxFlushing()) setPhase('waiting-for-outbox')
  await whileOutboxIdle(async () => {
    setPhase('reloading')
    await activateWaitingWorker()
    window.location.reload()
    // Keep holding the flush lock until this page is gone, so no flush starts in between.
    await new Promise(() => undefined)
  })
}

/** If the new worker has not taken over by then (it was replaced meanwhile), reload anyway. */
const ACTIVATION_TIMEOUT_MS = 10_000

function activateWaitingWorker(): Promise<void> {
  const waiting = registration?.waiting
  if (!waiting) return Promise.resolve()
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true })
    setTimeout(resolve, ACTIVATION_TIMEOUT_MS)
    // The message the generated worker listens for (workbox's skipWaiting on request).
    workbox?.messageSkipWaiting()
  })
}
