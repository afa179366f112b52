import { useState } from 'react'
import { pb } from '../../backend/client'
import {
  listAllContacts,
  listContacts,
  setContactProcessed,
  type ContactListItem,
} from '../../backend/admin-api'
import { AdminList, pageCounts } from './AdminList'
import { messageList } from './admin-lists'
import { contactsCsv } from './csv'
import { ListToolbar } from './ListToolbar'
import { useCsvExport, useListControls, useLiveChanges, useServerData } from './use-admin'
import { useConsole } from './use-console'

/** Contact messages, unprocessed first, with a Processed toggle saved to the server. */
export function MessagesTab() {
  const { openAudit } = useConsole()
  const controls = useListControls()
  const { filter, filterKey, page } = controls
  const list = useServerData(`contacts:${filterKey}:${page}`, () => listContacts(pb, page, filter))
  const csv = useCsvExport()
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set())
  const [saveNote, setSaveNote] = useState('')

  useLiveChanges('contacts', (batch) => {
    // Re-sorting under the consultant's cursor would be confusing: only new messages reload.
    if (batch.created.length > 0 || batch.reconnected) list.refresh()
  })

  const replace = (id: string, update: Partial<ContactListItem>) =>
    list.patch((data) => ({
      ...data,
      items: data.items.map((c) => (c.id === id ? { ...c, ...update } : c)),
    }))

  async function toggleProcessed(contact: ContactListItem, processed: boolean) {
    setSaving((prev) => new Set(prev).add(contact.id))
    setSaveNote('')
    replace(contact.id, { processed })
    try {
      const saved = await setContactProcessed(pb, contact.id, processed)
      replace(contact.id, { processed: saved.processed })
    } catch {
      replace(contact.id, { processed: !processed })
      setSaveNote(`Could not save the change for ${contact.name}. Please try again.`)
    } finally {
      setSaving((prev) => {
        const next = new Set(prev)
        next.delete(contact.id)
        return next
      })
    }
  }

  return (
    <>
      <ListToolbar
        subject="messages"
        email={controls.emailInput}
        onEmailChange={controls.setEmailInput}
        period={controls.period}
        onPeriodChange={controls.setPeriod}
        onRefresh={list.refresh}
        exporting={csv.exporting}
        onExport={() =>
          csv.run('contact-messages', () => listAllContacts(pb, filter), contactsCsv, 'messages')
        }
      />
      <p className="admin-note" role="status">
        {saveNote || csv.note}
      </p>

      <AdminList
        definition={messageList(saving, (c, p) => void toggleProcessed(c, p), openAudit)}
        rows={list.data?.items}
        loading={list.loading}
        error={list.error}
        onRetry={list.refresh}
        pages={list.data && { page, ...pageCounts(list.data), onPage: controls.setPage }}
      />
    </>
  )
}
