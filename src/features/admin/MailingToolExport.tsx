import { useState } from 'react'
import { csvFileName } from './csv'
import { downloadCsv } from './download'

/**
 * Downloads the ACTIVE subscribers (confirmed, not unsubscribed) as the server writes them for a
 * mailing tool: email, name, confirmed_at, source. Pending and unsubscribed addresses are never
 * in the file.
 */
export function MailingToolExport({ exportCsv }: { exportCsv: () => Promise<string> }) {
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState('')

  async function onExport() {
    setBusy(true)
    setNote('')
    try {
      const csv = await exportCsv()
      const rows = csv.split('\r\n').filter(Boolean).length - 1
      downloadCsv(csvFileName('newsletter-active-subscribers', new Date()), csv)
      setNote(`Exported ${rows} active subscribers.`)
    } catch {
      setNote('The export failed. Please check your connection and try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="admin-mailing-export">
      <p>
        For Mailchimp, MailerLite or Buttondown: the active subscribers with their confirmation date
        and where they signed up.
      </p>
      <button type="button" className="btn btn-secondary" onClick={onExport} disabled={busy}>
        {busy ? 'Exporting...' : 'Export Active Subscribers for a Mailing Tool'}
      </button>
      <p className="admin-note" role="status">
        {note}
      </p>
    </div>
  )
}
