import { useState } from 'react'
import type { OutboxItem } from '../offline/db'
import { useOutboxStatusLine } from '../offline/status-line'
import './outbox-status.css'

const itemLabels: Record<OutboxItem['collection'], string> = {
  contacts: 'Your message',
  newsletter_subscriptions: 'Your newsletter sign-up',
  audits: 'Your audit',
  person_updates: 'Your note or status change',
  people: 'Your new lead',
  events: 'A visit statistic',
  newsletter_issues: 'Your new newsletter issue',
  newsletter_issue_edits: 'Your newsletter draft',
  site_edits: 'Your change to the site',
}

function lowerLabel(item: OutboxItem): string {
  return itemLabels[item.collection].replace(/^Your /, 'your ')
}

/** The server's reason, e.g. "Failed to create record. email: Must be a valid email address." */
function failureReason(item: OutboxItem): string {
  const error = item.lastError
  if (!error) return 'The server refused it.'
  const fields = Object.entries(error.fieldErrors).map(([field, message]) => `${field}: ${message}`)
  return [error.serverMessage || 'The server refused it.', ...fields].join(' ')
}

function announcement(online: boolean, pending: number, failed: number, justSent: string): string {
  const parts: string[] = []
  if (justSent) parts.push(justSent)
  if (!online) parts.push('Offline')
  if (pending > 0) parts.push(`${pending} waiting to send`)
  if (failed > 0)
    parts.push(failed === 1 ? '1 item could not be sent' : `${failed} items could not be sent`)
  return parts.join(' · ')
}

/**
 * One quiet line in the layout: "Offline", "N waiting to send", "Message sent" (what just went
 * out, for a few seconds), plus the items the server refused, each with Retry and Discard (Discard
 * asks first). Renders nothing visible while there is nothing to say; the live region stays so
 * changes are announced. Once the line has shown on a page (`page`: the router's key for it), it
 * keeps its place there, empty, until the next page: a line going away on its own would move
 * everything under it by its height, under the visitor's thumb (a tap on Publish, 5 s after a
 * save, landed beside it).
 */
export function OutboxStatus({ page }: { page?: string }) {
  const { online, pending, failed, justSent, retry, discard } = useOutboxStatusLine()
  const text = announcement(online, pending, failed.length, justSent)
  const [shownOn, setShownOn] = useState<string | undefined | null>(null)
  if (text && shownOn !== page) setShownOn(page)
  const held = !text && shownOn === page
  const lineClass = text
    ? `outbox-status__line${online ? '' : ' is-offline'}`
    : held
      ? 'outbox-status__line is-held'
      : 'visually-hidden'

  const confirmDiscard = (item: OutboxItem) => {
    if (
      window.confirm(`Discard ${lowerLabel(item)}? It has not been sent and cannot be recovered.`)
    ) {
      void discard(item.id)
    }
  }

  return (
    <div className="outbox-status">
      <p role="status" aria-live="polite" className={lineClass}>
        {text}
      </p>
      {failed.length > 0 && (
        <ul className="outbox-status__failed" aria-label="Items that could not be sent">
          {failed.map((item) => (
            <li key={item.id}>
              <p>
                <strong>{itemLabels[item.collection]} could not be sent.</strong>{' '}
                {failureReason(item)}
              </p>
              <div className="outbox-status__actions">
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={`Retry ${lowerLabel(item)}`}
                  onClick={() => void retry(item.id)}
                >
                  Retry
                </button>
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={`Discard ${lowerLabel(item)}`}
                  onClick={() => confirmDiscard(item)}
                >
                  Discard
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
