import { useEffect, useId, useRef } from 'react'
import { copyText } from '../../components/CopyEmailButton'
import { useTimedMessage } from '../../components/use-timed-message'

interface WebhookSecretProps {
  /** Which endpoint, in words. */
  endpointName: string
  secret: string
  /** After a rotation the old secret still signs for a day. */
  rotated: boolean
  onDone: () => void
}

/**
 * The signing secret, shown this once (the server never returns it again), with Copy. Focus
 * moves here when it appears, so a keyboard or screen-reader user does not miss it.
 */
export function WebhookSecret({ endpointName, secret, rotated, onDone }: WebhookSecretProps) {
  const id = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [feedback, setFeedback] = useTimedMessage<string>(3000)

  useEffect(() => headingRef.current?.focus(), [secret])

  async function copy() {
    try {
      await copyText(secret)
      setFeedback('Copied.')
    } catch {
      setFeedback('Could not copy: select the text and copy it by hand.')
    }
  }

  return (
    <section className="integrations-secret" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {rotated ? 'New signing secret' : 'Signing secret'} for {endpointName}
      </h3>
      <p>
        Copy it now and paste it where your tool verifies webhooks: it is shown only this once.
        {rotated &&
          ' The old secret keeps working for 24 hours, so you can switch without losing events.'}
      </p>
      <div className="integrations-secret__value">
        <label htmlFor={`${id}-secret`} className="visually-hidden">
          Signing secret
        </label>
        <input
          id={`${id}-secret`}
          type="text"
          readOnly
          value={secret}
          spellCheck={false}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn btn-secondary" onClick={copy}>
          Copy
        </button>
      </div>
      <p className="integrations-hint" role="status">
        {feedback}
      </p>
      <button type="button" className="btn btn-primary" onClick={onDone}>
        I have copied it
      </button>
    </section>
  )
}
