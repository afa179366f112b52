// The privacy-respecting funnel, browser side. No cookie, no id, no e-mail, nothing about the
// device: a `visit` (once per browser session: the path, the referring site's domain and the
// utm_source / utm_medium / utm_campaign of the landing URL) is posted without waiting for it
// (a keepalive request), and its answer, the visit token, is kept in sessionStorage; every later
// step goes through the outbox, so steps taken offline count too, and `call_booked` carries the
// token (the server counts a booking only after a visit of the same session). The landing's
// source is kept in sessionStorage (gone when the tab closes) and sent as the `firstTouch` of an
// audit or a message. A browser that asks not to be tracked (Do Not Track, Global Privacy
// Control) sends nothing.
import { FIRST_TOUCH_MAX, type FirstTouch } from '../config/first-touch'
import { MAIL_LINK_PARAM } from '../config/mail-link'
import type { FunnelStep } from '../config/leads'
import { FIRST_TOUCH_STORAGE_KEY as TOUCH_KEY } from './visit-source'

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]/g
const VISIT_URL = '/api/funnel/visit'
/** The visit token of this browser session (sessionStorage: gone when the tab closes). */
const VISIT_TOKEN_KEY = 'funnel:visit-token'

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
    // keepalive: the request outlives a page the visitor leaves at once, like a beacon, and
    // its answer can still be read when the page stays.
    void fetch(VISIT_URL, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(touch),
    })
      .then((res) => (res.ok ? (res.json() as Promise<{ token?: unknown }>) : null))
      .then((answer) => {
        if (typeof answer?.token === 'string') sessionStorage.setItem(VISIT_TOKEN_KEY, answer.token)
      })
      .catch(() => undefined)
  } catch {
    // Storage or the network blocked: the funnel misses a visit, the visitor misses nothing.
  }
}

/** The visit token of this browser session, if its visit was recorded. */
function visitToken(): string | undefined {
  try {
    return sessionStorage.getItem(VISIT_TOKEN_KEY) ?? undefined
  } catch {
    return undefined
  }
}

/** Queues a funnel step after the visit; never waits for it and never fails the caller. */
export function recordStep(name: Exclude<FunnelStep, 'visit'>): void {
  if (typeof window === 'undefined' || optedOut()) return
  const path = clip(location.pathname, FIRST_TOUCH_MAX.path)
  let event: { name: typeof name; path: string; token?: string } = { name, path }
  if (name === 'call_booked') {
    // Without its session's visit the server would refuse the booking: nothing to send.
    const token = visitToken()
    if (!token) return
    event = { ...event, token }
  }
  // Through the outbox object, apart from the forms' `enqueue` calls; never awaited.
  import('./app-outbox')
    .then(({ getAppOutbox }) => getAppOutbox().enqueue('events', event))
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
