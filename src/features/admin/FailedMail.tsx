import { useState } from 'react'
import { pb } from '../../backend/client'
import { listFailedMail, retryMail, type FailedMailItem } from '../../backend/admin-api'
import { Modal } from '../../components/Modal'
import { AdminList } from './AdminList'
import { failedMailList } from './admin-lists'
import { useLiveChanges, useServerData } from './use-admin'
import { isOfflineError } from './offline-errors'

/**
 * The top bar's word on e-mails the queue gave up on: nothing while there are none (or while
 * offline: the list is loaded again when the connection is back), else "N failed e-mails",
 * which opens them with a Retry each that puts one back in the queue.
 */
export function FailedMail() {
  const failed = useServerData('failed-mail', () => listFailedMail(pb))
  const [open, setOpen] = useState(false)
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
  const unknown = failed.error !== undefined && !isOfflineError(failed.error)
  // Open, the dialog stays (with what Retry said) even once the last failed e-mail is re-queued.
  if (count === 0 && !unknown && !open) return null
  return (
    <>
      {(count > 0 || unknown) && (
        <button
          type="button"
          className="admin-status-item admin-status-item--problem"
          aria-haspopup="dialog"
          onClick={() => (unknown && count === 0 ? failed.refresh() : setOpen(true))}
        >
          {count > 0
            ? `${count} failed e-mail${count === 1 ? '' : 's'}`
            : 'Mail status unknown: try again'}
        </button>
      )}
      <Modal open={open} title={`Failed e-mails (${count})`} onClose={() => setOpen(false)}>
        <p>These could not be sent after several tries. Retry puts one back in the queue.</p>
        <p className="admin-note" role="status">
          {note}
        </p>
        <AdminList
          definition={failedMailList(busy, (mail) => void retry(mail))}
          rows={failed.data}
          loading={failed.loading}
          error={failed.error}
          onRetry={failed.refresh}
        />
      </Modal>
    </>
  )
}
