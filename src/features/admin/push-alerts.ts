// The rules of "Alerts on this device" (Web Push in the console), with no browser I/O: the
// server's public key as bytes, a short name for this device, what the card shows (a small state
// machine fed by use-push-alerts.ts) and the plain words for each failure and each delivery.
import type { PushDevice } from '../../backend/push-api'
import { parsePbDate } from '../../config/dates'
import { formatDateTime } from './format'

/** What this browser offers, read once: alerts need all three. */
export interface PushSupport {
  serviceWorker: boolean
  pushManager: boolean
  notification: boolean
}

export type Permission = 'default' | 'granted' | 'denied'

/** The step of turning alerts on that failed, each said in its own words. */
export type TurnOnProblem =
  /** The permission prompt was closed without an answer. */
  | { step: 'dismissed' }
  /** The service worker never became ready (e.g. the app was never installed in this browser). */
  | { step: 'worker' }
  /** The server's public key could not be read, or was not a key. */
  | { step: 'key' }
  /** The browser's push service refused or could not be reached. */
  | { step: 'push-service' }
  /** The server did not answer. */
  | { step: 'server' }
  /** The server answered with a refusal; its own message when it gave one. */
  | { step: 'refused'; message: string }

/** This device's subscription as the server knows it (the answer to the POST). */
export interface ThisDevice {
  id: string
  endpoint: string
}

export type AlertsState =
  /** Looking at the browser's subscription (a moment, at open). */
  | { phase: 'checking' }
  | { phase: 'unsupported' }
  /** Notifications are blocked for this site in the browser's settings. */
  | { phase: 'blocked' }
  | { phase: 'off'; problem: TurnOnProblem | null }
  /** A tap on Turn on (or the quiet renewal at open) is under way. */
  | { phase: 'turning-on'; quiet: boolean }
  /**
   * The browser holds a subscription. `device` is set once the server has answered for it in this
   * session; until then (offline, or the server not reached) the card does not claim it works.
   */
  | { phase: 'on'; device: ThisDevice | null; problem: TurnOnProblem | null }

export type AlertsEvent =
  /** What the browser said at open (or when it may have changed): support, permission, subscription. */
  | { type: 'checked'; supported: boolean; permission: Permission; subscribed: boolean }
  | { type: 'turn-on'; quiet: boolean }
  | { type: 'turned-on'; device: ThisDevice }
  | { type: 'failed'; problem: TurnOnProblem }
  /** The permission prompt or the browser answered "denied". */
  | { type: 'blocked' }
  /** The server could not confirm a subscription the browser still holds. */
  | { type: 'unconfirmed'; problem: TurnOnProblem }
  /** This device was removed: on the server and in the browser. */
  | { type: 'removed' }

export const initialAlertsState: AlertsState = { phase: 'checking' }

export function alertsReducer(state: AlertsState, event: AlertsEvent): AlertsState {
  switch (event.type) {
    case 'checked':
      if (!event.supported) return { phase: 'unsupported' }
      if (event.permission === 'denied') return { phase: 'blocked' }
      // A subscription without the permission cannot show anything: treat it as off.
      if (event.subscribed && event.permission === 'granted')
        return { phase: 'on', device: state.phase === 'on' ? state.device : null, problem: null }
      return { phase: 'off', problem: null }
    case 'turn-on':
      return { phase: 'turning-on', quiet: event.quiet }
    case 'turned-on':
      return { phase: 'on', device: event.device, problem: null }
    case 'failed':
      return { phase: 'off', problem: event.problem }
    case 'blocked':
      return { phase: 'blocked' }
    case 'unconfirmed':
      return state.phase === 'on' ? { ...state, problem: event.problem } : state
    case 'removed':
      return { phase: 'off', problem: null }
  }
}

/** What to do quietly when the console opens, from what the browser says. */
export function renewalAtOpen(
  permission: Permission,
  subscribed: boolean,
): 'resend' | 'resubscribe' | 'nothing' {
  if (permission !== 'granted') return 'nothing'
  // Sent again on every open: the server keeps one row per endpoint (an upsert).
  if (subscribed) return 'resend'
  // The permission stands but the subscription is gone (the browser or the push service dropped
  // it): a new one needs no prompt.
  return 'resubscribe'
}

export const IOS_HOME_SCREEN_HINT =
  'On iPhone and iPad, alerts work once the console is added to the Home Screen (iOS 16.4 or later): open it from the Home Screen and turn alerts on there.'

/** What the card says for a failed step: what happened and what to do. */
export function problemText(problem: TurnOnProblem): string {
  switch (problem.step) {
    case 'dismissed':
      return 'Alerts were not allowed. Tap the button again and choose Allow.'
    case 'worker':
      return 'This page is not ready for alerts yet. Reload it and try again.'
    case 'key':
      return 'The server did not give the alert settings. Check the connection and try again.'
    case 'push-service':
      return 'This browser could not reach its push service. Check the connection and try again.'
    case 'server':
      return 'The server could not be reached, so alerts are not on yet. Check the connection and try again.'
    case 'refused':
      return problem.message
        ? `The server refused this device: ${problem.message}`
        : 'The server refused this device. Please try again.'
  }
}

/**
 * Why a subscription the browser holds is not confirmed: the server was not reached (it most
 * likely has the device from before), or it refused it.
 */
export function unconfirmedText(problem: TurnOnProblem): string {
  if (problem.step === 'refused') return problemText(problem)
  return 'This browser has alerts on, but the server could not be reached to check this device.'
}

/**
 * The server's application server key (VAPID), base64url without padding, as bytes. Throws on
 * anything that is not base64url.
 */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new Error('not base64url')
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')
  if (base64.length % 4 === 1) throw new Error('not base64url')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** The public key as bytes when it is an uncompressed P-256 point (65 bytes, 0x04 first); else null. */
export function applicationServerKey(publicKey: unknown): Uint8Array<ArrayBuffer> | null {
  if (typeof publicKey !== 'string') return null
  try {
    const bytes = base64UrlToBytes(publicKey)
    return bytes.length === 65 && bytes[0] === 0x04 ? bytes : null
  } catch {
    return null
  }
}

/** True when a subscription was made with `key` (a key changed on the server needs a new one). */
export function sameKey(subscribedWith: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!subscribedWith) return false
  const held = new Uint8Array(subscribedWith)
  return held.length === key.length && held.every((byte, i) => byte === key[i])
}

/** What navigator.userAgentData (Chromium only) tells, when the browser has it. */
export interface UserAgentHints {
  mobile?: boolean
  platform?: string
  brands?: readonly { brand: string }[]
}

const BRANDS: [RegExp, string][] = [
  [/Microsoft Edge/, 'Edge'],
  [/Opera/, 'Opera'],
  [/Samsung Internet/, 'Samsung Internet'],
  [/Brave/, 'Brave'],
  [/Google Chrome/, 'Chrome'],
  [/^Chromium$/, 'Chromium'],
]

// Most specific first: Edge, Opera and Samsung say "Chrome" and "Safari" too; Chrome on iPhone is CriOS.
const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/OPR\/|OPiOS\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
]

/**
 * A short name for this device, for the consultant's list: "Android phone, Chrome", "iPhone,
 * Safari", "Windows computer, Edge". `maxTouchPoints` tells an iPad that says "Macintosh".
 */
export function deviceLabel(userAgent: string, hints?: UserAgentHints, maxTouchPoints = 0): string {
  const ua = userAgent
  const platform = hints?.platform ?? ''
  let device = ''
  if (/iPhone|iPod/.test(ua)) device = 'iPhone'
  else if (/iPad/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1)) device = 'iPad'
  else if (/Android/.test(ua) || platform === 'Android')
    device = hints?.mobile || /Mobile/.test(ua) ? 'Android phone' : 'Android tablet'
  else if (/CrOS/.test(ua) || platform === 'Chrome OS') device = 'Chromebook'
  else if (/Windows/.test(ua) || platform === 'Windows') device = 'Windows computer'
  else if (/Macintosh|Mac OS X/.test(ua) || platform === 'macOS') device = 'Mac'
  else if (/Linux/.test(ua) || platform === 'Linux') device = 'Linux computer'

  const fromHints = hints?.brands
    ?.map(({ brand }) => BRANDS.find(([pattern]) => pattern.test(brand))?.[1])
    .find(Boolean)
  const fromAgent = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1]
  // The hints say only "Chromium" for a Chromium browser with no brand of its own, whose user
  // agent still says "Chrome": believe the agent only when it names another browser.
  const browser =
    fromHints === 'Chromium' && fromAgent && fromAgent !== 'Chrome'
      ? fromAgent
      : (fromHints ?? fromAgent)

  const label = [device, browser].filter(Boolean).join(', ')
  return label || 'A browser'
}

/** True on an iPhone or iPad, where alerts need the console on the Home Screen. */
export function isAppleMobile(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

/** A device's last delivery in plain words. */
export function deliveryText(
  device: Pick<PushDevice, 'lastDeliveryAt' | 'lastStatus' | 'lastError'>,
): string {
  const when = formatDateTime(device.lastDeliveryAt)
  const at = when ? ` ${when}` : ''
  if (device.lastStatus === 'delivered') return `Last alert delivered${at}.`
  if (device.lastStatus === 'failed') {
    const reason = device.lastError.trim().replace(/\.$/, '')
    return `Last alert failed${at}${reason ? `: ${reason}` : ''}.`
  }
  return 'No alert sent yet.'
}

/** "Added Nov 21, 2026." on the viewer's calendar ('' for no date). */
export function addedText(created: string): string {
  const date = parsePbDate(created)
  if (!date) return ''
  const day = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
  return `Added ${day}.`
}
