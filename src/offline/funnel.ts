// The privacy-respecting funnel, browser side. No cookie, no id, no e-mail, nothing about the
// device: a `visit` (once per browser session: the path, the referring site's domain and the
// utm_source / utm_medium / utm_campaign of the landing URL) goes with sendBeacon; every later
// step goes through the outbox, so steps taken offline count too. The landing's source is kept
// in sessionStorage (gone when the tab closes) and sent as the `firstTouch` of an audit or a
// message. A browser that asks not to be tracked (Do Not Track, Global Privacy Control) sends
// nothing.
import { FIRST_TOUCH_MAX, type FirstTouch } from '../config/first-touch'
import { MAIL_LINK_PARAM } from '../config/mail-link'
import type { FunnelStep } from '../config/leads'
import { FIRST_TOUCH_STORAGE_KEY as TOUCH_KEY } from './visit-source'

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]/g
const EVENTS_URL = '/api/collections/events/records'

function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true
}

function clip(value: string | null | undefined, max: number): string {
  return (value ?? '').replace(CONTROL, '').trim().slice(0, max)
}

/** The referring site's host without `www.`, '' for none or for this site itself. */
export function referrerDomain(referrer: string, ownHost: string): string {
  try {
    const host = new URL(referrer).hostname.replace(/^www\./, '')
    return host && host !== ownHost.replace(/^www\./, '') ? host : ''
  } catch {
    return ''
  }
}

/** Where a landing came from, as the events collection stores it. */
export function touchOf(url: URL, referrer: string): FirstTouch {
  const touch: FirstTouch = {
    path: clip(url.pathname, FIRST_TOUCH_MAX.path),
    referrer: clip(referrerDomain(referrer, url.hostname), FIRST_TOUCH_MAX.referrer),
    utmSource: clip(url.searchParams.get('utm_source'), FIRST_TOUCH_MAX.utmSource),
    utmMedium: clip(url.searchParams.get('utm_medium'), FIRST_TOUCH_MAX.utmMedium),
    utmCampaign: clip(url.searchParams.get('utm_campaign'), FIRST_TOUCH_MAX.utmCampaign),
  }
  for (const key of Object.keys(touch) as (keyof FirstTouch)[]) if (!touch[key]) delete touch[key]
  return touch
}

/** Sends this browser session's visit, once. */
export function recordVisit(): void {
  try {
    if (optedOut() || sessionStorage.getItem(TOUCH_KEY) !== null) return
    const touch = touchOf(new URL(location.href), document.referrer)
    sessionStorage.setItem(TOUCH_KEY, JSON.stringify(touch))
    const body = new Blob([JSON.stringify({ name: 'visit', ...touch })], {
      type: 'application/json',
    })
    navigator.sendBeacon?.(EVENTS_URL, body)
  } catch {
    // Storage or beacons blocked: the funnel misses a visit, the visitor misses nothing.
  }
}

/** Queues a funnel step after the visit; never waits for it and never fails the caller. */
export function recordStep(name: Exclude<FunnelStep, 'visit'>): void {
  if (typeof window === 'undefined' || optedOut()) return
  const path = clip(location.pathname, FIRST_TOUCH_MAX.path)
  // Through the outbox object, apart from the forms' `enqueue` calls; never awaited.
  import('./app-outbox')
    .then(({ getAppOutbox }) => getAppOutbox().enqueue('events', { name, path }))
    .catch(() => undefined)
}

/**
 * Once per page load, after the first render: the visit, and a link from a results or follow-up
 * mail (`?ref=`, src/offline/mail-link.ts), which is not the funnel's and goes whatever the
 * visitor's tracking choice.
 */
export function onLanding(): void {
  recordVisit()
  if (new URLSearchParams(location.search).has(MAIL_LINK_PARAM)) {
    import('./mail-link').then((m) => m.openMailLink()).catch(() => undefined)
  }
}
