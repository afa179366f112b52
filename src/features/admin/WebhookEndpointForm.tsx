import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { describeError } from '../../backend/errors'
import type { EndpointInput } from '../../backend/webhooks-api'
import { Field } from '../../components/Field'
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  webhookEventLabels,
  type WebhookEventType,
} from '../../config/webhooks'

interface WebhookEndpointFormProps {
  /** The endpoint being edited; a new one starts with every event picked. */
  initial?: EndpointInput
  submitLabel: string
  onSubmit: (input: EndpointInput) => Promise<void>
  onCancel?: () => void
}

/**
 * Adds or edits an endpoint: the URL the tool gave, an optional name, the events. The server
 * checks the URL (https, a public address); its answer is shown beside the field it names, and
 * what was typed stays.
 */
export function WebhookEndpointForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: WebhookEndpointFormProps) {
  const id = useId()
  const [url, setUrl] = useState(initial?.url ?? '')
  const [description, setDescription] = useState(initial?.description ?? '')
  const [events, setEvents] = useState<WebhookEventType[]>(
    initial?.events ?? [...WEBHOOK_EVENT_TYPES],
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState('')
  const [busy, setBusy] = useState(false)

  /** Shows the errors and moves focus to the first field they name. */
  function showErrors(found: Record<string, string>) {
    setErrors(found)
    const first = ['url', 'description', 'events'].find((field) => found[field])
    const target =
      first === 'events' ? `${id}-event-0` : first === 'description' ? `${id}-name` : `${id}-url`
    if (first) document.getElementById(target)?.focus()
  }

  function toggle(type: WebhookEventType, on: boolean) {
    setEvents((current) =>
      on
        ? WEBHOOK_EVENT_TYPES.filter((t) => t === type || current.includes(t))
        : current.filter((t) => t !== type),
    )
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!url.trim()) found.url = 'Enter the URL your tool gave you.'
    if (events.length === 0) found.events = 'Pick at least one event.'
    setFormError('')
    showErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      await onSubmit({ url: url.trim(), description: description.trim(), events })
    } catch (err) {
      const described = describeError(err)
      if (Object.keys(described.fieldErrors).length) showErrors(described.fieldErrors)
      else if (described.kind === 'network') {
        setFormError('No connection to the server. Check your connection and try again.')
      } else {
        setFormError(described.serverMessage || 'Could not save the endpoint. Please try again.')
      }
    } finally {
      setBusy(false)
    }
  }

  const urlError = errors.url
  const eventsError = errors.events
  return (
    <form className="integrations-form" onSubmit={submit} noValidate>
      <Field label="Endpoint URL" htmlFor={`${id}-url`}>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://hooks.zapier.com/hooks/catch/..."
          maxLength={WEBHOOK_URL_MAX}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? `${id}-url-error` : `${id}-url-hint`}
        />
        {urlError ? (
          <p className="integrations-field-error" id={`${id}-url-error`}>
            {urlError}
          </p>
        ) : (
          <p className="integrations-hint" id={`${id}-url-hint`}>
            The address your CRM, Zapier, Make or n8n gives you for incoming webhooks. It must start
            with https://.
          </p>
        )}
      </Field>
      <Field label="Name (optional)" htmlFor={`${id}-name`}>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="off"
          placeholder="e.g. HubSpot via Zapier"
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-name-error` : undefined}
        />
        {errors.description && (
          <p className="integrations-field-error" id={`${id}-name-error`}>
            {errors.description}
          </p>
        )}
      </Field>
      <fieldset
        className="integrations-events"
        aria-describedby={eventsError ? `${id}-events-error` : undefined}
      >
        <legend>Send these events</legend>
        {WEBHOOK_EVENT_TYPES.map((type, index) => (
          <label key={type} className="integrations-event">
            <input
              id={`${id}-event-${index}`}
              type="checkbox"
              checked={events.includes(type)}
              onChange={(e) => toggle(type, e.target.checked)}
            />
            <span>
              {webhookEventLabels[type]} <code>{type}</code>
            </span>
          </label>
        ))}
        {eventsError && (
          <p className="integrations-field-error" id={`${id}-events-error`}>
            {eventsError}
          </p>
        )}
      </fieldset>
      {formError && (
        <p className="form-message form-message--error" role="alert">
          {formError}
        </p>
      )}
      <div className="integrations-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}
