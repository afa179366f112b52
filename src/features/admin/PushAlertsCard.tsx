// "Alerts on this device", under Today's list: turns on a notification on this phone (or
// computer) for each new lead, and lists every device that gets them, each with Send test and
// Remove. What the browser and the server hold is use-push-alerts.ts's; the words are
// push-alerts.ts's. Nothing here works offline, and the card says so.
import { useId, useState } from 'react'
import { pb } from '../../backend/client'
import { describeError } from '../../backend/errors'
import { listPushDevices, type PushDevice } from '../../backend/push-api'
import {
  IOS_HOME_SCREEN_HINT,
  addedText,
  deliveryText,
  isAppleMobile,
  problemText,
  unconfirmedText,
  type AlertsState,
} from './push-alerts'
import { ErrorState, LoadingState } from './StatusMessage'
import { useServerData } from './use-admin'
import { usePushAlerts, type PushAlerts } from './use-push-alerts'
import './push-alerts.css'

const OFFLINE_NOTE = 'You’re offline: alerts can’t be changed until the connection is back.'

export function PushAlertsCard() {
  const id = useId()
  const alerts = usePushAlerts()
  // Said by the card, not the list: removing this device turns the list into the Turn on button.
  const [removed, setRemoved] = useState('')
  return (
    <section className="admin-alerts card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-alerts__title">
        Alerts on this device
      </h2>
      <AlertsBody alerts={alerts} onRemoved={setRemoved} />
      <p className="admin-note" role="status">
        {removed}
      </p>
    </section>
  )
}

function AlertsBody({
  alerts,
  onRemoved,
}: {
  alerts: PushAlerts
  onRemoved: (text: string) => void
}) {
  const { state, online } = alerts
  switch (state.phase) {
    case 'checking':
      return <p className="admin-muted">Checking this device...</p>
    case 'unsupported':
      return <Unsupported />
    case 'blocked':
      return (
        <>
          <p>Alerts are blocked for this site in this browser&rsquo;s settings.</p>
          <p className="admin-muted">
            To allow them, open the site&rsquo;s settings (the icon beside the address, or this
            app&rsquo;s settings on your phone), set Notifications to Allow, then come back here.
          </p>
        </>
      )
    case 'off':
    case 'turning-on':
      return (
        <TurnOn
          alerts={alerts}
          state={state}
          onTap={() => {
            onRemoved('')
            alerts.turnOn()
          }}
        />
      )
    case 'on':
      return (
        <>
          {state.device ? (
            <p className="form-message form-message--success admin-alerts__on">
              Alerts are on for this device.
            </p>
          ) : (
            <p className="admin-alerts__on">
              Alerts were turned on in this browser
              {online ? '.' : '; the server confirms them once you are back online.'}
            </p>
          )}
          {state.problem && online && (
            <div className="admin-error" role="alert">
              <p>{unconfirmedText(state.problem)}</p>
              <button type="button" className="btn btn-secondary" onClick={alerts.retry}>
                Try Again
              </button>
            </div>
          )}
          {!online ? (
            <p className="admin-offline" role="status">
              {OFFLINE_NOTE}
            </p>
          ) : state.device || state.problem ? (
            // Once the server has answered for this device (or could not), so its row is marked.
            <DeviceList
              alerts={alerts}
              thisDeviceId={state.device?.id ?? null}
              onRemoved={onRemoved}
            />
          ) : (
            <LoadingState />
          )}
        </>
      )
  }
}

function Unsupported() {
  const apple = isAppleMobile(navigator.userAgent, navigator.maxTouchPoints)
  return (
    <>
      <p>This browser can&rsquo;t show alerts from the console.</p>
      <p className="admin-muted">
        {apple
          ? IOS_HOME_SCREEN_HINT
          : 'Open the console in an up-to-date Chrome, Edge, Firefox or Safari to get them.'}
      </p>
    </>
  )
}

function TurnOn({
  alerts,
  state,
  onTap,
}: {
  alerts: PushAlerts
  state: Extract<AlertsState, { phase: 'off' | 'turning-on' }>
  /** Must run alerts.turnOn() within the tap (the permission prompt needs the user's gesture). */
  onTap: () => void
}) {
  const busy = state.phase === 'turning-on'
  const problem = state.phase === 'off' ? state.problem : null
  return (
    <>
      <p className="admin-muted">
        Get a notification here for each new lead. Tapping it opens that person.
      </p>
      <button
        type="button"
        className="btn btn-primary admin-alerts__turn-on"
        onClick={onTap}
        disabled={busy || !alerts.online}
      >
        {busy ? 'Turning on...' : 'Turn on alerts on this device'}
      </button>
      {/* The button says it for the eye; this says it to a screen reader. */}
      <p className="visually-hidden" role="status">
        {busy && !state.quiet ? 'Turning on...' : ''}
      </p>
      {problem && (
        <p className="form-message form-message--error admin-alerts__problem" role="alert">
          {problemText(problem)}
        </p>
      )}
      {!alerts.online && (
        <p className="admin-offline" role="status">
          {OFFLINE_NOTE}
        </p>
      )}
    </>
  )
}

/** What an action on a device came to, said under that device's row. */
type Note = { device: string; tone: 'done' | 'error'; text: string } | null

/** A test alert goes out within seconds: the list is read again after that to show it. */
const TEST_RECHECK_MS = 8_000

/**
 * Every device that gets alerts, this one marked, each with Send test and Remove. A removal is
 * said by the card (`onRemoved`): the row, and for this device the whole list, is gone by then.
 */
function DeviceList({
  alerts,
  thisDeviceId,
  onRemoved,
}: {
  alerts: PushAlerts
  thisDeviceId: string | null
  onRemoved: (text: string) => void
}) {
  const devices = useServerData(`push-devices:${thisDeviceId ?? ''}`, () => listPushDevices(pb))
  const [busy, setBusy] = useState<string | null>(null)
  const [note, setNote] = useState<Note>(null)

  async function act(device: PushDevice, action: 'test' | 'remove', run: () => Promise<void>) {
    setBusy(`${action}:${device.id}`)
    setNote(null)
    onRemoved('')
    try {
      await run()
    } catch (err) {
      setNote({
        device: device.id,
        tone: 'error',
        text:
          describeError(err).kind === 'network'
            ? 'The server could not be reached. Check the connection and try again.'
            : 'That did not work. Please try again.',
      })
    } finally {
      setBusy(null)
    }
  }

  const sendTest = (device: PushDevice) =>
    act(device, 'test', async () => {
      await alerts.sendTest(device.id)
      setNote({
        device: device.id,
        tone: 'done',
        text: 'Test alert sent - it should arrive in a few seconds.',
      })
      setTimeout(devices.refresh, TEST_RECHECK_MS)
    })
  const remove = (device: PushDevice) =>
    act(device, 'remove', async () => {
      await alerts.removeDevice(device.id)
      devices.patch((list) => list.filter((d) => d.id !== device.id))
      onRemoved(
        device.id === thisDeviceId
          ? 'Removed: this device gets no more alerts.'
          : `Removed ${device.label || 'that device'}. If the console is opened there again, its alerts come back on: remove it there to stop them for good.`,
      )
    })

  return (
    <div className="admin-alerts__list">
      <h3 className="admin-alerts__subtitle">Devices that get alerts</h3>
      {devices.loading ? (
        <LoadingState />
      ) : !devices.data ? (
        <ErrorState
          text="Failed to fetch the devices."
          onRetry={devices.refresh}
          error={devices.error}
        />
      ) : devices.data.length === 0 ? (
        <p className="admin-muted">No devices yet.</p>
      ) : (
        <ul className="admin-alerts__devices">
          {devices.data.map((device) => {
            const mine = device.id === thisDeviceId
            const name = device.label || device.endpointHost || 'A device'
            return (
              <li key={device.id} className="admin-alerts__device">
                <p className="admin-alerts__name">
                  {name}
                  {mine && <span className="admin-alerts__this">This device</span>}
                </p>
                <p className="admin-muted admin-alerts__detail">
                  {addedText(device.created)}{' '}
                  <span
                    className={device.lastStatus === 'failed' ? 'admin-alerts__failed' : undefined}
                  >
                    {deliveryText(device)}
                  </span>
                </p>
                <div className="admin-alerts__actions">
                  <button
                    type="button"
                    className="btn btn-secondary admin-btn-small"
                    onClick={() => void sendTest(device)}
                    disabled={busy !== null}
                  >
                    {busy === `test:${device.id}` ? 'Sending...' : 'Send test'}
                    <span className="visually-hidden"> to {mine ? 'this device' : name}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary admin-btn-small"
                    onClick={() => void remove(device)}
                    disabled={busy !== null}
                  >
                    {busy === `remove:${device.id}` ? 'Removing...' : 'Remove'}
                    <span className="visually-hidden"> {mine ? 'this device' : name}</span>
                  </button>
                </div>
                <p className="admin-note" role="status">
                  {note?.device === device.id && note.tone === 'done' ? note.text : ''}
                </p>
                {note?.device === device.id && note.tone === 'error' && (
                  <p
                    className="form-message form-message--error admin-alerts__problem"
                    role="alert"
                  >
                    {note.text}
                  </p>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
