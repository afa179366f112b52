import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import type { NewsletterSource } from '../backend/types'
import { messages } from '../config/messages'
import { browserUserAgent, deliver, isOffline, warmOutbox } from './outbox-delivery'
import { useTimedMessage } from './use-timed-message'
import { useHeldSubmit } from './use-held-submit'
import { emailAddressProblem } from '../config/email-address'
import { EMAIL_MAX } from '../config/limits'
import './newsletter-form.css'

export const newsletterQueuedOffline =
  "You're offline - your sign-up is saved on this device and will be sent when you're back online."
export const newsletterQueuedServer =
  'Your sign-up is saved on this device and will be sent as soon as the server answers.'

type Feedback = { kind: 'success' | 'queued' | 'error'; text: string }

interface NewsletterFormProps {
  /** Where the form sits; stored with the sign-up. */
  source: Exclude<NewsletterSource, 'signup'>
  variant?: 'about' | 'footer'
}

/**
 * Idle -> submitting ('Signing up...') -> success or error. The message clears after
 * 5 seconds or as soon as the visitor types; the field empties on success. A second sign-up of
 * the same address is a success (the server answers 200 without adding a row). The success line
 * says the one thing that is true then: a confirmation mail is coming (double opt-in).
 */
export function NewsletterForm({ source, variant = 'about' }: NewsletterFormProps) {
  const fieldId = useId()
  const [email, setEmail] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const held = useHeldSubmit()
  const [feedback, setFeedback] = useTimedMessage<Feedback>(5000)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim().toLowerCase()
    if (!address || submitting) return
    const unsafe = emailAddressProblem(address)
    if (unsafe) {
      setFeedback({ kind: 'error', text: unsafe })
      return
    }
    setSubmitting(true)
    setFeedback(null)
    const status = await deliver('newsletter_subscriptions', {
      email: address,
      source,
      userAgent: browserUserAgent(),
    })
    setSubmitting(false)
    if (status === 'failed') {
      setFeedback({ kind: 'error', text: messages.newsletterFailure })
      return
    }
    setEmail('')
    if (status === 'sent') setFeedback({ kind: 'success', text: messages.newsletterSuccess })
    else
      setFeedback({
        kind: 'queued',
        text: isOffline() ? newsletterQueuedOffline : newsletterQueuedServer,
      })
  }

  return (
    <form
      {...held}
      className={`newsletter newsletter--${variant}`}
      onSubmit={onSubmit}
      onFocus={warmOutbox}
    >
      <label htmlFor={fieldId} className="newsletter__label">
        Your email address
      </label>
      <div className="newsletter__row">
        <input
          id={fieldId}
          type="email"
          name="email"
          required
          maxLength={EMAIL_MAX}
          autoComplete="email"
          placeholder="you@yourbusiness.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            setFeedback(null)
          }}
        />
        <button type="submit" className="btn btn-accent" disabled={submitting}>
          {submitting ? 'Signing up...' : 'Sign Up'}
        </button>
      </div>
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
