import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import type { ContactSource } from '../backend/types'
import { messages } from '../config/messages'
import { browserUserAgent, deliver, isOffline, warmOutbox } from './outbox-delivery'
import { useTimedMessage } from './use-timed-message'
import { useHeldSubmit } from './use-held-submit'
import { emailAddressProblem } from '../config/email-address'
import { EMAIL_MAX, textLimits } from '../config/limits'
import { Field } from './Field'

export const contactQueuedOffline =
  "You're offline - your message is saved on this device and will be sent when you're back online."
export const contactQueuedServer =
  'Your message is saved on this device and will be sent as soon as the server answers.'
/** Kept on the device because the server's daily limit of messages for this network is reached. */
export const contactQueuedLimited =
  "We can't take more messages from your network today. Yours is saved on this device and will be sent automatically later."

type Feedback = { kind: 'success' | 'queued' | 'error'; text: string }

const EMPTY = { name: '', email: '', message: '' }

interface ContactFormProps {
  source?: ContactSource
  /** The audit a report's contact form is about. */
  auditId?: string
  /** What the fields start with (and return to once a message is sent): who a report is for. */
  initial?: { name?: string; email?: string }
  submitLabel?: string
}

/**
 * Name, e-mail and message, all required -> submitting ('Sending...', disabled) ->
 * success or error, the message clearing after 5 seconds. Emptied on success (back to `initial`,
 * the visitor's own name and address); on error the typed text stays so nothing has to be
 * written twice.
 */
export function ContactForm({
  source = 'portfolio_website',
  auditId,
  initial,
  submitLabel = 'Send Message',
}: ContactFormProps) {
  const id = useId()
  const start = { ...EMPTY, name: initial?.name ?? '', email: initial?.email ?? '' }
  const [fields, setFields] = useState(start)
  const [submitting, setSubmitting] = useState(false)
  const held = useHeldSubmit()
  const [feedback, setFeedback] = useTimedMessage<Feedback>(5000)

  function update(field: keyof typeof EMPTY, value: string) {
    setFields((current) => ({ ...current, [field]: value }))
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    const form = event.currentTarget
    // `required` accepts a name or message of only spaces; the server would refuse it.
    for (const field of ['name', 'message'] as const) {
      const input = form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | null
      input?.setCustomValidity(fields[field].trim() ? '' : 'Please fill in this field.')
    }
    const emailInput = form.elements.namedItem('email') as HTMLInputElement | null
    emailInput?.setCustomValidity(emailAddressProblem(fields.email) ?? '')
    if (!form.reportValidity()) return

    setSubmitting(true)
    setFeedback(null)
    // Loaded on send: where this visit came from (see src/offline/visit-source.ts).
    const touch = await import('../offline/visit-source').then(
      (m) => m.firstTouch(),
      () => undefined,
    )
    const status = await deliver(
      'contacts',
      {
        name: fields.name.trim(),
        email: fields.email.trim(),
        message: fields.message.trim(),
        source,
        ...(auditId ? { auditId } : {}),
        userAgent: browserUserAgent(),
        ...(touch ? { firstTouch: touch } : {}),
      },
      // A message that had to wait says so when it goes out (the layout's status line too, which
      // also shows one the server refused, with Retry).
      (outcome) =>
        outcome === 'sent' && setFeedback({ kind: 'success', text: messages.contactSentLater }),
    )
    setSubmitting(false)
    if (status === 'failed') {
      setFeedback({ kind: 'error', text: messages.contactFailure })
      return
    }
    setFields(start)
    if (status === 'sent') setFeedback({ kind: 'success', text: messages.contactSuccess })
    else if (status === 'limited') setFeedback({ kind: 'queued', text: contactQueuedLimited })
    else
      setFeedback({
        kind: 'queued',
        text: isOffline() ? contactQueuedOffline : contactQueuedServer,
      })
  }

  return (
    <form {...held} className="contact-form" onSubmit={onSubmit} onFocus={warmOutbox}>
      <Field label="Name" htmlFor={`${id}-name`}>
        <input
          id={`${id}-name`}
          name="name"
          required
          maxLength={textLimits.contacts.name}
          autoComplete="name"
          value={fields.name}
          onChange={(e) => {
            e.target.setCustomValidity('')
            update('name', e.target.value)
          }}
        />
      </Field>
      <Field label="Email" htmlFor={`${id}-email`}>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={EMAIL_MAX}
          autoComplete="email"
          value={fields.email}
          onChange={(e) => {
            e.target.setCustomValidity('')
            update('email', e.target.value)
          }}
        />
      </Field>
      <Field label="Message" htmlFor={`${id}-message`}>
        <textarea
          id={`${id}-message`}
          name="message"
          required
          rows={6}
          maxLength={textLimits.contacts.message}
          value={fields.message}
          onChange={(e) => {
            e.target.setCustomValidity('')
            update('message', e.target.value)
          }}
        />
      </Field>
      <button type="submit" className="btn btn-primary" disabled={submitting}>
        {submitting ? 'Sending...' : submitLabel}
      </button>
      <div className="form-feedback" role="status">
        {feedback && feedback.kind !== 'error' && (
          <p className={`form-message form-message--${feedback.kind}`}>{feedback.text}</p>
        )}
      </div>
      {feedback?.kind === 'error' && (
        <p className="form-message form-message--error" role="alert">
          {feedback.text}
        </p>
      )}
    </form>
  )
}
