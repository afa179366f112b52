import { useState } from 'react'
import { pb } from '../../backend/client'
import { listFailedMail, retryMail, type FailedMailItem } from '../../backend/admin-api'
import { label } from '../../config/labels'
import { formatDateTime, mailKindLabels } from './format'
import { useLiveChanges, useServerData } from './use-admin'

/** E-mails the queue gave up on, each with a Retry that puts it back in the queue. */
export function FailedMail() {
  const failed = useServerData('failed-mail', () => listFailedMail(pb))
  const [busy, setBusy] = useState<string | null>(null)
  const [note, setNote] = useState('')

  useLiveChanges('mailOutbox', () => failed.refresh())

  async function retry(mail: FailedMailItem) {
    setBusy(mail.id)
    setNote('')
    try {
      await retryMail(pb, mail.id)
      failed.patch((items) => items.filter((m) => m.id !== mail.id))
      setNote(`The e-mail to ${mail.to} is back in the queue.`)
    } catch {
      setNote(`Could not re-queue the e-mail to ${mail.to}. Please try again.`)
    } finally {
      setBusy(null)
    }
  }

  const items = failed.data ?? []
  return (
    <>
      <p className="admin-note" role="status">
        {note}
      </p>
      {items.length > 0 && (
        <section className="admin-failed-mail" aria-labelledby="failed-mail-heading">
          <h2 id="failed-mail-heading">Failed e-mails ({items.length})</h2>
          <p>These could not be sent after several tries. Retry puts one back in the queue.</p>
          <ul>
            {items.map((mail) => (
              <li key={mail.id}>
                <div>
                  <strong>{mail.subject}</strong>
                  <span>
                    To {mail.to} · {label(mailKindLabels, mail.kind)} · {mail.attempts} tries ·{' '}
                    {formatDateTime(mail.created)}
                  </span>
                  {mail.lastError && (
                    <span className="admin-muted">Last error: {mail.lastError}</span>
                  )}
                </div>
                <button
                  type="button"
                  className="btn btn-secondary admin-btn-small"
                  disabled={busy === mail.id}
                  onClick={() => void retry(mail)}
                >
                  Retry<span className="visually-hidden"> the e-mail to {mail.to}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
