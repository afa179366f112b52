// "Alerts on this device": the server's key as bytes, this device's name for the list, what the
// card shows after each event, what the console does quietly when it opens, and the words it uses.
import { describe, expect, it } from 'vitest'
import {
  addedText,
  alertsReducer,
  applicationServerKey,
  base64UrlToBytes,
  deliveryText,
  deviceLabel,
  initialAlertsState,
  isAppleMobile,
  problemText,
  renewalAtOpen,
  sameKey,
  unconfirmedText,
  type AlertsEvent,
  type AlertsState,
} from '../../../src/features/admin/push-alerts'
import { formatDateTime } from '../../../src/features/admin/format'

/** A 65-byte uncompressed P-256 point (0x04 then x and y), as the server sends it. */
const point = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37) % 256))
const pointText = Buffer.from(point).toString('base64url')

describe('base64UrlToBytes', () => {
  it.each([
    ['', []],
    ['AA', [0]],
    ['_-8', [255, 239]],
    ['AQID', [1, 2, 3]],
    ['AQIDBA', [1, 2, 3, 4]],
    ['AQIDBA==', [1, 2, 3, 4]],
  ])('reads %j as %j', (text, bytes) => {
    expect([...base64UrlToBytes(text)]).toEqual(bytes)
  })

  it('reads what Node writes as base64url, byte for byte', () => {
    expect(base64UrlToBytes(pointText)).toEqual(point)
  })

  it.each(['AQ+D', 'AQ/D', 'AQ D', 'A', '<html>'])('refuses %j', (text) => {
    expect(() => base64UrlToBytes(text)).toThrow()
  })
})

describe('applicationServerKey', () => {
  it('gives the bytes of an uncompressed P-256 point', () => {
    expect(applicationServerKey(pointText)).toEqual(point)
  })

  it.each([
    ['nothing', undefined],
    ['a number', 42],
    ['an empty text', ''],
    ['a compressed point (33 bytes)', Buffer.from(point.slice(0, 33)).toString('base64url')],
    ['65 bytes not starting with 0x04', Buffer.from([3, ...point.slice(1)]).toString('base64url')],
    ['not base64url', `${pointText.slice(0, -1)}+`],
  ])('is null for %s', (_, value) => {
    expect(applicationServerKey(value)).toBeNull()
  })
})

describe('sameKey', () => {
  it('is true only for the same bytes', () => {
    expect(sameKey(point.slice().buffer, point)).toBe(true)
    const other = point.slice()
    other[64] ^= 1
    expect(sameKey(other.buffer, point)).toBe(false)
    expect(sameKey(point.slice(0, 64).buffer, point)).toBe(false)
    expect(sameKey(null, point)).toBe(false)
  })
})

const UA = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTabletChrome:
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  androidSamsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  windowsFirefox:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  linuxHeadless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
}

describe('deviceLabel', () => {
  it.each([
    [UA.androidChrome, undefined, 0, 'Android phone, Chrome'],
    [UA.androidTabletChrome, undefined, 0, 'Android tablet, Chrome'],
    [UA.androidSamsung, undefined, 0, 'Android phone, Samsung Internet'],
    [UA.androidFirefox, undefined, 0, 'Android phone, Firefox'],
    [UA.iphoneSafari, undefined, 5, 'iPhone, Safari'],
    [UA.iphoneChrome, undefined, 5, 'iPhone, Chrome'],
    [UA.ipadDesktopMode, undefined, 5, 'iPad, Safari'],
    [UA.ipadDesktopMode, undefined, 0, 'Mac, Safari'],
    [UA.windowsEdge, undefined, 0, 'Windows computer, Edge'],
    [UA.windowsFirefox, undefined, 0, 'Windows computer, Firefox'],
    [UA.chromebook, undefined, 0, 'Chromebook, Chrome'],
    // Chrome's reduced user agent names the model "K": the hints still tell a phone.
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      {
        mobile: true,
        platform: 'Android',
        brands: [{ brand: 'Google Chrome' }, { brand: 'Chromium' }],
      },
      0,
      'Android phone, Chrome',
    ],
    [
      UA.windowsEdge,
      {
        mobile: false,
        platform: 'Windows',
        brands: [{ brand: 'Not)A;Brand' }, { brand: 'Microsoft Edge' }],
      },
      0,
      'Windows computer, Edge',
    ],
    [
      UA.linuxHeadless,
      { platform: 'Linux', brands: [{ brand: 'Chromium' }] },
      0,
      'Linux computer, Chromium',
    ],
    ['', undefined, 0, 'A browser'],
  ])('names %s as the given label', (ua, hints, touchPoints, label) => {
    expect(deviceLabel(ua, hints, touchPoints)).toBe(label)
  })
})

describe('isAppleMobile', () => {
  it.each([
    [UA.iphoneSafari, 5, true],
    [UA.iphoneChrome, 5, true],
    [UA.ipadDesktopMode, 5, true],
    [UA.ipadDesktopMode, 0, false],
    [UA.androidChrome, 5, false],
  ])('%s (%d touch points): %s', (ua, touchPoints, apple) => {
    expect(isAppleMobile(ua, touchPoints)).toBe(apple)
  })
})

describe('alertsReducer', () => {
  const device = { id: 'sub1', endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }
  const checked = (
    permission: 'default' | 'granted' | 'denied',
    subscribed: boolean,
    supported = true,
  ): AlertsEvent => ({ type: 'checked', supported, permission, subscribed })

  it.each<[string, AlertsState, AlertsEvent, AlertsState]>([
    [
      'no push in the browser',
      initialAlertsState,
      checked('default', false, false),
      { phase: 'unsupported' },
    ],
    ['blocked in the settings', initialAlertsState, checked('denied', false), { phase: 'blocked' }],
    ['never asked', initialAlertsState, checked('default', false), { phase: 'off', problem: null }],
    [
      'allowed, nothing held',
      initialAlertsState,
      checked('granted', false),
      { phase: 'off', problem: null },
    ],
    [
      'a subscription without the permission counts as off',
      initialAlertsState,
      checked('default', true),
      { phase: 'off', problem: null },
    ],
    [
      'allowed and held: on, not yet confirmed by the server',
      initialAlertsState,
      checked('granted', true),
      { phase: 'on', device: null, problem: null },
    ],
    [
      'checked again while on keeps the confirmed device',
      { phase: 'on', device, problem: null },
      checked('granted', true),
      { phase: 'on', device, problem: null },
    ],
    [
      'a tap',
      { phase: 'off', problem: { step: 'key' } },
      { type: 'turn-on', quiet: false },
      { phase: 'turning-on', quiet: false },
    ],
    [
      'the server answered',
      { phase: 'turning-on', quiet: false },
      { type: 'turned-on', device },
      { phase: 'on', device, problem: null },
    ],
    [
      'a step failed: off, with the reason',
      { phase: 'turning-on', quiet: false },
      { type: 'failed', problem: { step: 'push-service' } },
      { phase: 'off', problem: { step: 'push-service' } },
    ],
    [
      'the prompt answered Block',
      { phase: 'turning-on', quiet: false },
      { type: 'blocked' },
      { phase: 'blocked' },
    ],
    [
      'a quiet renewal the server did not confirm keeps the held subscription',
      { phase: 'on', device: null, problem: null },
      { type: 'unconfirmed', problem: { step: 'server' } },
      { phase: 'on', device: null, problem: { step: 'server' } },
    ],
    [
      'an unconfirmed renewal changes nothing that is not on',
      { phase: 'off', problem: null },
      { type: 'unconfirmed', problem: { step: 'server' } },
      { phase: 'off', problem: null },
    ],
    [
      'this device removed',
      { phase: 'on', device, problem: null },
      { type: 'removed' },
      { phase: 'off', problem: null },
    ],
  ])('%s', (_, state, event, next) => {
    expect(alertsReducer(state, event)).toEqual(next)
  })

  it('never says on before the server answered a tap', () => {
    const afterTap = alertsReducer(
      { phase: 'off', problem: null },
      { type: 'turn-on', quiet: false },
    )
    const failed = alertsReducer(afterTap, { type: 'failed', problem: { step: 'server' } })
    expect(afterTap.phase).toBe('turning-on')
    expect(failed.phase).toBe('off')
  })
})

describe('renewalAtOpen', () => {
  it.each([
    ['granted', true, 'resend'],
    ['granted', false, 'resubscribe'],
    ['default', true, 'nothing'],
    ['default', false, 'nothing'],
    ['denied', true, 'nothing'],
    ['denied', false, 'nothing'],
  ] as const)('permission %s, subscribed %s: %s', (permission, subscribed, plan) => {
    expect(renewalAtOpen(permission, subscribed)).toBe(plan)
  })
})

describe('the words', () => {
  it('says which step failed and what to do', () => {
    expect(problemText({ step: 'push-service' })).toBe(
      'This browser could not reach its push service. Check the connection and try again.',
    )
    expect(problemText({ step: 'server' })).toMatch(
      /^The server could not be reached, so alerts are not on yet\./,
    )
    expect(problemText({ step: 'refused', message: 'The name must be text.' })).toBe(
      'The server refused this device: The name must be text.',
    )
    expect(problemText({ step: 'refused', message: '' })).toBe(
      'The server refused this device. Please try again.',
    )
    expect(unconfirmedText({ step: 'server' })).toMatch(/could not be reached to check this device/)
  })

  // The time as the console writes every time (format.ts), in this machine's time zone.
  const at = '2026-11-21 12:05:00.000Z'
  const when = formatDateTime(at)

  it.each([
    [{ lastStatus: '', lastDeliveryAt: '', lastError: '' }, 'No alert sent yet.'],
    [
      { lastStatus: 'delivered', lastDeliveryAt: at, lastError: '' },
      `Last alert delivered ${when}.`,
    ],
    [
      {
        lastStatus: 'failed',
        lastDeliveryAt: at,
        lastError: 'The push service said the device is gone (410).',
      },
      `Last alert failed ${when}: The push service said the device is gone (410).`,
    ],
    [{ lastStatus: 'failed', lastDeliveryAt: '', lastError: '' }, 'Last alert failed.'],
  ] as const)('says a delivery in plain words: %j', (device, text) => {
    expect(deliveryText(device)).toBe(text)
  })

  it('dates a device by the day it was added', () => {
    // Noon UTC: Nov 21 from UTC-11 to UTC+11, Nov 22 further east.
    expect(addedText('2026-11-21 12:00:00.000Z')).toMatch(/^Added Nov 2[12], 2026\.$/)
    expect(addedText('')).toBe('')
  })
})
