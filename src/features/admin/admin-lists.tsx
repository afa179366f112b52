// The console's four lists as definitions for AdminList: columns, texts, and the actions a
// row offers. Each takes the handlers and row state its cells need.
import type {
  AuditListItem,
  ContactListItem,
  FailedMailItem,
  SubscriberListItem,
} from '../../backend/admin-api'
import { ScoreBadge } from '../../components/ScoreBadge'
import { parsePbDate } from '../../config/dates'
import {
  contactSourceLabels,
  label,
  newsletterSourceLabels,
  newsletterStatusLabels,
} from '../../config/labels'
import { messages } from '../../config/messages'
import { telHref } from '../../config/site'
import type { PersonRecord } from '../../backend/types'
import { personStatusLabels } from '../../config/leads'
import type { ListDefinition } from './AdminList'
import { PersonLink } from './PersonLink'
import { formatDateTime, mailKindLabels } from './format'

function When({ value }: { value: string }) {
  return <time dateTime={parsePbDate(value)?.toISOString()}>{formatDateTime(value)}</time>
}

export function auditList(
  newIds: ReadonlySet<string>,
  onOpenAudit: (id: string) => void,
  people: Readonly<Record<string, PersonRecord>>,
  personHref: (personId: string) => string,
): ListDefinition<AuditListItem> {
  const personOf = (audit: AuditListItem) => people[audit.email.toLowerCase()]
  return {
    label: 'Audit submissions',
    noun: 'audits',
    empty: 'No audit submissions found.',
    loadFailure: messages.adminLoadFailure,
    tableClassName: 'admin-table--audits',
    rowClassName: (audit) => (newIds.has(audit.id) ? 'is-new' : undefined),
    columns: [
      {
        header: 'Person',
        rowHeader: true,
        cell: (audit) => {
          const person = personOf(audit)
          return (
            <>
              {person ? (
                <PersonLink
                  person={{ name: person.name, email: audit.email }}
                  href={personHref(person.id)}
                />
              ) : (
                <span className="admin-people-name">{audit.email}</span>
              )}
              {newIds.has(audit.id) && <span className="admin-tag">New</span>}
            </>
          )
        },
      },
      {
        header: 'Overall Score',
        cell: (audit) => <ScoreBadge size="compact" score={audit.overallScore} />,
      },
      {
        header: 'Status',
        cell: (audit) => {
          const person = personOf(audit)
          return person ? (
            <span className={`admin-status admin-status--${person.status}`}>
              {personStatusLabels[person.status] ?? person.status}
            </span>
          ) : (
            <span className="admin-muted">–</span>
          )
        },
      },
      { header: 'Submitted', cell: (audit) => <When value={audit.created} /> },
      {
        header: 'Actions',
        cell: (audit) => (
          <button
            type="button"
            className="btn btn-secondary admin-btn-small"
            onClick={() => onOpenAudit(audit.id)}
          >
            View Details<span className="visually-hidden"> for {audit.email}</span>
          </button>
        ),
      },
    ],
  }
}

export function messageList(
  saving: ReadonlySet<string>,
  onToggleProcessed: (contact: ContactListItem, processed: boolean) => void,
  onOpenAudit: (id: string) => void,
): ListDefinition<ContactListItem> {
  return {
    label: 'Messages',
    noun: 'messages',
    empty: 'No messages found.',
    loadFailure: 'Failed to fetch messages',
    tableClassName: 'admin-table--messages',
    rowClassName: (contact) => (contact.processed ? 'is-done' : undefined),
    columns: [
      { header: 'Name', rowHeader: true, cell: (contact) => contact.name },
      {
        header: 'Email',
        cell: (contact) => <a href={`mailto:${contact.email}`}>{contact.email}</a>,
      },
      {
        header: 'Message',
        className: 'admin-table__message',
        cell: (contact) => (
          <>
            {contact.phone && (
              <span className="admin-call-back">
                Call back: <a href={telHref(contact.phone)}>{contact.phone}</a>
              </span>
            )}
            {contact.message}
          </>
        ),
      },
      { header: 'Source', cell: (contact) => label(contactSourceLabels, contact.source) },
      {
        header: 'Audit',
        cell: (contact) =>
          contact.auditId ? (
            <button
              type="button"
              className="btn btn-secondary admin-btn-small"
              onClick={() => onOpenAudit(contact.auditId)}
            >
              View audit<span className="visually-hidden"> of {contact.name}</span>
            </button>
          ) : (
            <span className="admin-muted">–</span>
          ),
      },
      { header: 'Received', cell: (contact) => <When value={contact.created} /> },
      {
        header: 'Processed',
        cell: (contact) => (
          <label className="admin-toggle">
            <input
              type="checkbox"
              checked={contact.processed}
              disabled={saving.has(contact.id)}
              onChange={(e) => onToggleProcessed(contact, e.target.checked)}
            />
            Processed
            <span className="visually-hidden"> (message from {contact.name})</span>
          </label>
        ),
      },
    ],
  }
}

export const subscriberList: ListDefinition<SubscriberListItem> = {
  label: 'Subscribers',
  noun: 'subscribers',
  empty: 'No subscribers found.',
  loadFailure: 'Failed to fetch subscribers',
  columns: [
    { header: 'Email', rowHeader: true, cell: (subscriber) => subscriber.email },
    { header: 'Source', cell: (s) => label(newsletterSourceLabels, s.source) },
    { header: 'Subscribed', cell: (subscriber) => <When value={subscriber.created} /> },
    { header: 'Status', cell: (s) => label(newsletterStatusLabels, s.status) },
    {
      header: 'Confirmed',
      cell: (s) => (s.confirmedAt ? <When value={s.confirmedAt} /> : '–'),
    },
  ],
}

export function failedMailList(
  busyId: string | null,
  onRetry: (mail: FailedMailItem) => void,
): ListDefinition<FailedMailItem> {
  return {
    label: 'Mails that could not be sent',
    noun: 'failed e-mails',
    empty: 'No failed e-mails.',
    loadFailure: 'Failed to fetch the failed e-mails',
    columns: [
      {
        header: 'Subject',
        rowHeader: true,
        cell: (mail) => mail.subject || label(mailKindLabels, mail.kind),
      },
      { header: 'Recipient', cell: (mail) => mail.recipient },
      { header: 'Kind', cell: (mail) => label(mailKindLabels, mail.kind) },
      { header: 'Tries', cell: (mail) => mail.attempts },
      { header: 'Queued', cell: (mail) => <When value={mail.created} /> },
      {
        header: 'Last error',
        className: 'admin-table__message',
        cell: (mail) => mail.lastError || <span className="admin-muted">–</span>,
      },
      {
        header: 'Actions',
        cell: (mail) => (
          <button
            type="button"
            className="btn btn-secondary admin-btn-small"
            disabled={busyId === mail.id}
            onClick={() => onRetry(mail)}
          >
            Retry<span className="visually-hidden"> the e-mail to {mail.recipient}</span>
          </button>
        ),
      },
    ],
  }
}
