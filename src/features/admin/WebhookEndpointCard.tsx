import { useEffect, useId, useState } from 'react'
import { pb } from '../../backend/client'
import { describeError } from '../../backend/errors'
import {
  deleteEndpoint,
  resendEvent,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
  type EndpointInput,
  type WebhookAttempt,
  type WebhookEndpoint,
} from '../../backend/webhooks-api'
import { webhookEventLabels } from '../../config/webhooks'
import { useAttempts } from './use-webhooks'
import { WebhookEndpointForm } from './WebhookEndpointForm'
import { WebhookLog } from './WebhookLog'
import { endpointState } from './webhooks-format'

interface WebhookEndpointCardProps {
  endpoint: WebhookEndpoint
  /** Changes when the server reports new deliveries: the log reloads. */
  revision: number
  /** A new secret to show once. */
  onSecret: (secret: string, rotated: boolean) => void
  /** Something changed here: reload the endpoints. */
  onChanged: () => void
}

type Confirming = 'delete' | 'rotate' | null

/** The endpoint's name for people: its own name, else its host. */
export function endpointName(endpoint: WebhookEndpoint): string {
  if (endpoint.description) return endpoint.description
  return /^[a-z]+:\/\/([^/?#]+)/i.exec(endpoint.url)?.[1] ?? endpoint.url
}

/** One endpoint: its state, what it gets, its actions and its delivery log. */
export function WebhookEndpointCard({
  endpoint,
  revision,
  onSecret,
  onChanged,
}: WebhookEndpointCardProps) {
  const id = useId()
  const name = endpointName(endpoint)
  const attempts = useAttempts(endpoint.id)
  const refreshLog = attempts.refresh
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState<Confirming>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [note, setNote] = useState('')
  const state = endpointState(endpoint)

  useEffect(() => {
    if (revision > 0) refreshLog()
  }, [revision, refreshLog])

  async function act(action: string, run: () => Promise<string>) {
    setBusy(action)
    setNote('')
    try {
      setNote(await run())
      onChanged()
    } catch (err) {
      const described = describeError(err)
      setNote(
        described.kind === 'network'
          ? 'No connection to the server. Please try again.'
          : described.serverMessage || 'That did not work. Please try again.',
      )
    } finally {
      setBusy(null)
      setConfirming(null)
    }
  }

  const sendTest = () =>
    act('test', async () => {
      await sendTestEvent(pb, endpoint.id)
      return 'Test event queued: it is sent within seconds and shows in the log below.'
    })
  const switchTo = (enabled: boolean) =>
    act('switch', async () => {
      await updateEndpoint(pb, endpoint.id, { enabled })
      return enabled ? 'Switched on.' : 'Switched off: nothing more is sent to it.'
    })
  const rotate = () =>
    act('rotate', async () => {
      const { secret } = await rotateSecret(pb, endpoint.id)
      onSecret(secret, true)
      return 'New secret made.'
    })
  const remove = () =>
    act('delete', async () => {
      await deleteEndpoint(pb, endpoint.id)
      return ''
    })
  async function resend(attempt: WebhookAttempt) {
    setBusy(attempt.event)
    setNote('')
    try {
      await resendEvent(pb, endpoint.id, attempt.event)
      setNote('Queued again: it is sent within seconds, with the same webhook-id.')
    } catch {
      setNote('Could not queue it again. Please try again.')
    } finally {
      setBusy(null)
    }
  }
  async function save(input: EndpointInput) {
    await updateEndpoint(pb, endpoint.id, input)
    setEditing(false)
    setNote('Saved.')
    onChanged()
  }

  return (
    <article
      className={`integrations-endpoint integrations-endpoint--${state.tone}`}
      aria-labelledby={`${id}-name`}
    >
      <header className="integrations-endpoint__head">
        <h3 id={`${id}-name`}>{name}</h3>
        <p className="integrations-endpoint__url">{endpoint.url}</p>
        <p className={`integrations-state integrations-state--${state.tone}`}>{state.text}</p>
        {endpoint.failingSince && endpoint.lastError && (
          <p className="integrations-hint">Last error: {endpoint.lastError}</p>
        )}
      </header>

      {editing ? (
        <WebhookEndpointForm
          initial={{
            url: endpoint.url,
            description: endpoint.description,
            events: endpoint.events,
          }}
          submitLabel="Save changes"
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <p className="integrations-endpoint__events">
            <span className="integrations-muted">Sends: </span>
            {endpoint.events.map((type) => webhookEventLabels[type] ?? type).join(', ')}
          </p>
          <div className="integrations-actions" role="group" aria-label={`Actions for ${name}`}>
            <button
              type="button"
              className="btn btn-primary admin-btn-small"
              onClick={() => void sendTest()}
              disabled={busy !== null}
            >
              Send test event
            </button>
            <button
              type="button"
              className="btn btn-secondary admin-btn-small"
              onClick={() => void switchTo(!endpoint.enabled)}
              disabled={busy !== null}
            >
              {endpoint.enabled ? 'Switch off' : 'Switch on'}
            </button>
            <button
              type="button"
              className="btn btn-secondary admin-btn-small"
              onClick={() => setEditing(true)}
              disabled={busy !== null}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-secondary admin-btn-small"
              onClick={() => setConfirming('rotate')}
              disabled={busy !== null}
            >
              Rotate secret
            </button>
            <button
              type="button"
              className="btn btn-secondary admin-btn-small integrations-danger"
              onClick={() => setConfirming('delete')}
              disabled={busy !== null}
            >
              Delete
            </button>
          </div>
        </>
      )}

      {confirming && (
        <div className="integrations-confirm" role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            {confirming === 'delete'
              ? `Delete ${name}? Nothing more is sent to it, and its log is removed.`
              : `Make a new secret for ${name}? You then paste the new one into your tool; the old one keeps working for 24 hours.`}
          </p>
          <div className="integrations-actions">
            <button
              type="button"
              className={`btn admin-btn-small ${confirming === 'delete' ? 'btn-accent' : 'btn-primary'}`}
              onClick={() => void (confirming === 'delete' ? remove() : rotate())}
              disabled={busy !== null}
            >
              {confirming === 'delete' ? 'Delete endpoint' : 'Make a new secret'}
            </button>
            <button
              type="button"
              className="btn btn-secondary admin-btn-small"
              onClick={() => setConfirming(null)}
            >
              Cancel
            </button>
          </div>
        </div>
      )}

      <p className="admin-note" role="status">
        {note}
      </p>

      <h4 className="integrations-log-title">Delivery log</h4>
      <WebhookLog
        endpointName={name}
        attempts={attempts.data?.items}
        total={attempts.data?.totalItems ?? 0}
        loading={attempts.loading}
        failed={attempts.error !== undefined}
        onRetry={attempts.refresh}
        onResend={(attempt) => void resend(attempt)}
        busy={busy}
      />
    </article>
  )
}
