// Owns "Alerts on this device": this browser's push subscription (the service worker's
// PushManager) and its row on the server (backend/push-api.ts). When the console opens it reads
// what the browser holds and, where the permission stands, quietly sends the subscription again
// (the server upserts it) or makes a new one; Turn on asks for the permission inside the tap,
// subscribes with the server's key and sends it; removing this device drops it on the server and
// then in the browser. The rules and the words are in push-alerts.ts.
import { useCallback, useEffect, useReducer, useState } from 'react'
import { pb } from '../../backend/client'
import { describeError } from '../../backend/errors'
import {
  getPushPublicKey,
  removePushDevice,
  savePushSubscription,
  sendTestAlert,
} from '../../backend/push-api'
import { useOnline } from '../../offline/online'
import {
  alertsReducer,
  applicationServerKey,
  deviceLabel,
  initialAlertsState,
  renewalAtOpen,
  sameKey,
  type AlertsEvent,
  type AlertsState,
  type Permission,
  type ThisDevice,
  type TurnOnProblem,
  type UserAgentHints,
} from './push-alerts'

/** How long Turn on waits for the service worker (it never comes on the dev server). */
const WORKER_WAIT_MS = 10_000

/** What public/push-handler.js posts to open pages when the browser replaced the subscription. */
const SUBSCRIPTION_CHANGED = 'push-subscription-changed'

/** A failed step of turning alerts on, carried to the one place that reports it. */
class TurnOnFailure extends Error {
  constructor(readonly problem: TurnOnProblem | 'blocked') {
    super(typeof problem === 'string' ? problem : problem.step)
  }
}

// The device the server confirmed in this page's life: switching tabs and back does not send the
// subscription again, and the list still knows which row is this device.
let confirmedThisSession: ThisDevice | null = null

function browserSupportsPush(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  )
}

/** The registration of the app's service worker, or null when it is not ready in time. */
async function readyRegistration(): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_WAIT_MS)
  })
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** The subscription the browser holds now, without waiting for a worker that may never come. */
async function heldSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration()
  return registration ? registration.pushManager.getSubscription() : null
}

function thisDeviceLabel(): string {
  const nav = navigator as Navigator & { userAgentData?: UserAgentHints }
  return deviceLabel(nav.userAgent, nav.userAgentData, nav.maxTouchPoints)
}

/** The server's key as bytes; null when it cannot be had (not reached, not a key). */
async function serverKey(): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return applicationServerKey((await getPushPublicKey(pb)).publicKey)
  } catch {
    return null
  }
}

/** Sends the subscription to the server; resolves once the server has answered for it. */
async function sendToServer(subscription: PushSubscription): Promise<ThisDevice> {
  const { endpoint, expirationTime, keys } = subscription.toJSON()
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new TurnOnFailure({ step: 'push-service' })
  try {
    const saved = await savePushSubscription(pb, {
      endpoint,
      expirationTime: expirationTime ?? null,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      label: thisDeviceLabel(),
    })
    if (typeof saved?.id !== 'string' || !saved.id) throw new TurnOnFailure({ step: 'server' })
    confirmedThisSession = { id: saved.id, endpoint }
    return confirmedThisSession
  } catch (err) {
    if (err instanceof TurnOnFailure) throw err
    const described = describeError(err)
    if (described.kind === 'network' || described.kind === 'server')
      throw new TurnOnFailure({ step: 'server' })
    const field = Object.values(described.fieldErrors)[0]
    throw new TurnOnFailure({ step: 'refused', message: field || described.serverMessage })
  }
}

/** A subscription made with `key`: the one held when it matches, else a new one. */
async function subscribeWith(
  registration: ServiceWorkerRegistration,
  key: Uint8Array<ArrayBuffer>,
): Promise<PushSubscription> {
  try {
    const held = await registration.pushManager.getSubscription()
    if (held && sameKey(held.options.applicationServerKey, key)) return held
    // Made with an older key of the server: the browser refuses a second key for one worker.
    if (held) await held.unsubscribe()
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'NotAllowedError')
      throw new TurnOnFailure('blocked')
    throw new TurnOnFailure({ step: 'push-service' })
  }
}

/** Everything after the permission: the worker, the key, the subscription, the server's answer. */
async function subscribeAndSend(): Promise<ThisDevice> {
  const registration = await readyRegistration()
  if (!registration) throw new TurnOnFailure({ step: 'worker' })
  const key = await serverKey()
  if (!key) throw new TurnOnFailure({ step: 'key' })
  return sendToServer(await subscribeWith(registration, key))
}

/** The subscription the browser holds, sent again; renewed first if the server's key changed. */
async function resend(subscription: PushSubscription): Promise<ThisDevice> {
  if (confirmedThisSession?.endpoint === subscription.endpoint) return confirmedThisSession
  const key = await serverKey()
  if (key && !sameKey(subscription.options.applicationServerKey, key)) return subscribeAndSend()
  return sendToServer(subscription)
}

/**
 * What a failure means for the card: a tap's failure is shown as the reason alerts are off; a
 * quiet renewal's keeps the subscription the browser holds, unconfirmed.
 */
function failureEvent(err: unknown, quiet: boolean): AlertsEvent {
  if (err instanceof TurnOnFailure && err.problem === 'blocked') return { type: 'blocked' }
  const problem: TurnOnProblem =
    err instanceof TurnOnFailure && err.problem !== 'blocked'
      ? err.problem
      : { step: 'push-service' }
  return quiet ? { type: 'unconfirmed', problem } : { type: 'failed', problem }
}

export interface PushAlerts {
  state: AlertsState
  online: boolean
  /** The tap on "Turn on alerts on this device". */
  turnOn: () => void
  /** Reads the browser again and sends this device again (after an error). */
  retry: () => void
  /** Removes a device; for this device, its subscription in the browser too. */
  removeDevice: (id: string) => Promise<void>
  sendTest: (id: string) => Promise<void>
}

export function usePushAlerts(): PushAlerts {
  const online = useOnline()
  const [state, dispatch] = useReducer(alertsReducer, initialAlertsState)
  const [round, setRound] = useState(0)
  const blocked = state.phase === 'blocked'

  // At open, back online, and when asked again: what the browser holds, then the quiet renewal.
  useEffect(() => {
    if (!browserSupportsPush()) {
      dispatch({ type: 'checked', supported: false, permission: 'default', subscribed: false })
      return
    }
    let live = true
    void (async () => {
      const permission = Notification.permission as Permission
      const subscription = await heldSubscription().catch(() => null)
      if (!live) return
      dispatch({ type: 'checked', supported: true, permission, subscribed: Boolean(subscription) })
      if (!online) {
        // Confirmed earlier in this page's life: still this device's row, even offline.
        const known = confirmedThisSession
        if (known && known.endpoint === subscription?.endpoint)
          dispatch({ type: 'turned-on', device: known })
        return
      }
      const renewal = renewalAtOpen(permission, Boolean(subscription))
      if (renewal === 'nothing') return
      if (renewal === 'resubscribe') dispatch({ type: 'turn-on', quiet: true })
      try {
        const device = subscription ? await resend(subscription) : await subscribeAndSend()
        if (live) dispatch({ type: 'turned-on', device })
      } catch (err) {
        if (!live) return
        if (subscription) dispatch(failureEvent(err, true))
        else if (err instanceof TurnOnFailure && err.problem === 'blocked')
          dispatch({ type: 'blocked' })
        // A quiet renewal that failed leaves alerts off without blaming a tap nobody made.
        else dispatch({ type: 'checked', supported: true, permission, subscribed: false })
      }
    })()
    return () => {
      live = false
    }
  }, [online, round])

  // The browser replaced the subscription (public/push-handler.js tells open pages): send the new one.
  useEffect(() => {
    if (!browserSupportsPush()) return
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type !== SUBSCRIPTION_CHANGED) return
      confirmedThisSession = null
      setRound((r) => r + 1)
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [])

  // Blocked: the consultant may allow alerts in the browser's settings and come back to the app.
  useEffect(() => {
    if (!blocked) return
    const onVisible = () => {
      if (document.visibilityState === 'visible') setRound((r) => r + 1)
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [blocked])

  const turnOn = useCallback(() => {
    dispatch({ type: 'turn-on', quiet: false })
    // Asked first, inside the tap: browsers show the prompt only for a user's gesture.
    const asked = Notification.requestPermission()
    void (async () => {
      try {
        const answer = await asked
        if (answer === 'denied') return dispatch({ type: 'blocked' })
        if (answer !== 'granted')
          return dispatch({ type: 'failed', problem: { step: 'dismissed' } })
        dispatch({ type: 'turned-on', device: await subscribeAndSend() })
      } catch (err) {
        dispatch(failureEvent(err, false))
      }
    })()
  }, [])

  const retry = useCallback(() => {
    confirmedThisSession = null
    setRound((r) => r + 1)
  }, [])

  const thisDeviceId = state.phase === 'on' ? state.device?.id : undefined
  const removeDevice = useCallback(
    async (id: string) => {
      await removePushDevice(pb, id)
      if (id !== thisDeviceId) return
      confirmedThisSession = null
      // Gone on the server; now in the browser, so the next open does not send it back.
      const subscription = await heldSubscription().catch(() => null)
      await subscription?.unsubscribe().catch(() => false)
      dispatch({ type: 'removed' })
    },
    [thisDeviceId],
  )

  const sendTest = useCallback((id: string) => sendTestAlert(pb, id), [])

  return { state, online, turnOn, retry, removeDevice, sendTest }
}
