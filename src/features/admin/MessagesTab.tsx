import { useState } from 'react'
import { pb } from '../../backend/client'
import {
  listAllContacts,
  listContacts,
  setContactProcessed,
  type ContactListItem,
} from '../../backend/admin-api'
import { contactsCsv } from './csv'
import { contactSourceLabels, label } from '../../config/labels'
import { parsePbDate } from '../../config/dates'
import { formatDateTime } from './format'
import { ListToolbar } from './ListToolbar'
import { Pager } from './Pager'
import { EmptyState, ErrorState, LoadingState } from './StatusMessage'
import { useCsvExport, useListControls, useLiveChanges, useServerData } from './use-admin'

interface MessagesTabProps {
  onOpenAudit: (auditId: string) => void
}

/** Contact messages, unprocessed first, with a Processed toggle saved to the server. */
export function MessagesTab({ onOpenAudit }: MessagesTabProps) {
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

      {list.loading ? (
        <LoadingState />
      ) : list.error !== undefined && !list.data ? (
        <ErrorState text="Failed to fetch messages" onRetry={list.refresh} />
      ) : !list.data || list.data.items.length === 0 ? (
        <EmptyState text="No messages found." />
      ) : (
        <>
          <div className="admin-table-wrap" role="region" aria-label="Messages" tabIndex={0}>
            <table className="admin-table admin-table--messages">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Message</th>
                  <th scope="col">Source</th>
                  <th scope="col">Audit</th>
                  <th scope="col">Received</th>
                  <th scope="col">Processed</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((contact) => (
                  <tr key={contact.id} className={contact.processed ? 'is-done' : undefined}>
                    <th scope="row">{contact.name}</th>
                    <td>
                      <a href={`mailto:${contact.email}`}>{contact.email}</a>
                    </td>
                    <td className="admin-table__message">{contact.message}</td>
                    <td>{label(contactSourceLabels, contact.source)}</td>
                    <td>
                      {contact.auditId ? (
                        <button
                          type="button"
                          className="btn btn-secondary admin-btn-small"
                          onClick={() => onOpenAudit(contact.auditId)}
                        >
                          View audit<span className="visually-hidden"> of {contact.name}</span>
                        </button>
                      ) : (
                        <span className="admin-muted">–</span>
                      )}
                    </td>
                    <td>
                      <time dateTime={parsePbDate(contact.created)?.toISOString()}>
                        {formatDateTime(contact.created)}
                      </time>
                    </td>
                    <td>
                      <label className="admin-toggle">
                        <input
                          type="checkbox"
                          checked={contact.processed}
                          disabled={saving.has(contact.id)}
                          onChange={(e) => void toggleProcessed(contact, e.target.checked)}
                        />
                        Processed
                        <span className="visually-hidden"> (message from {contact.name})</span>
                      </label>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            noun="messages"
            page={page}
            totalPages={list.data.totalPages}
            totalItems={list.data.totalItems}
            onPage={controls.setPage}
          />
        </>
      )}
    </>
  )
}
