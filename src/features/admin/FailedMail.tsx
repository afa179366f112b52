import { useState } from 'react'
import { pb } from '../../backend/client'
import { listFailedMail, retryMail, type FailedMailItem } from '../../backend/admin-api'
import { AdminList } from './AdminList'
import { failedMailList } from './admin-lists'
import { useLiveChanges, useServerData } from './use-admin'

/** E-mails the queue gave up on, each with a Retry that puts it back in the queue. */
export function FailedMail() {
  const failed = useServerData('failed-mail', () => listFailedMail(pb))
  const [busy, setBusy] = useState<string | null>(null)
  const [note, setNote] = useState('')

  useLiveChanges('deliveries', () => failed.refresh())

  async function retry(mail: FailedMailItem) {
    setBusy(mail.id)
    setNote('')
    try {
      await retryMail(pb, mail.id)
      failed.patch((items) => items.filter((m) => m.id !== mail.id))
      setNote(`The e-mail to ${mail.recipient} is back in the queue.`)
    } catch {
      setNote(`Could not re-queue the e-mail to ${mail.recipient}. Please try again.`)
    } finally {
      setBusy(null)
    }
  }

  const count = failed.data?.length ?? 0
  return (
    <>
      <p className="admin-note" role="status">
        {note}
      </p>
      {/* Shown only when something failed, or when the list itself could not be loaded. */}
      {(count > 0 || failed.error !== undefined) && (
        <section className="admin-failed-mail" aria-labelledby="failed-mail-heading">
          <h2 id="failed-mail-heading">Failed e-mails ({count})</h2>
          <p>These could not be sent after several tries. Retry puts one back in the queue.</p>
          <AdminList
            definition={failedMailList(busy, (mail) => void retry(mail))}
            rows={failed.data}
            loading={failed.loading}
            failed={failed.error !== undefined}
            onRetry={failed.refresh}
          />
        </section>
      )}
    </>
  )
}
