import { useTimedMessage } from './use-timed-message'
import './copy-email.css'

/** Puts `text` on the clipboard; rejects when the browser refuses. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text)
  // Older browsers and non-secure contexts have no async clipboard API.
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (!copied) throw new Error('copy command refused')
}

/** Copies an e-mail address; shows '(Copied!)' or '(Error)' for 2 seconds. */
export function CopyEmailButton({ email }: { email: string }) {
  const [feedback, setFeedback] = useTimedMessage<'(Copied!)' | '(Error)'>(2000)

  async function onCopy() {
    try {
      await copyText(email)
      setFeedback('(Copied!)')
    } catch {
      setFeedback('(Error)')
    }
  }

  return (
    <span className="copy-email">
      <button type="button" className="btn btn-small btn-secondary" onClick={onCopy}>
        Copy<span className="visually-hidden"> email address</span>
      </button>
      <span className="copy-email__feedback" role="status">
        {feedback}
      </span>
    </span>
  )
}
