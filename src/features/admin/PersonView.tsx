// One person of the lead workspace: facts, the consultant's status and notes (queued through
// the outbox, so they work with no signal and show as waiting until sent), Call (their number, or
// the one they left in a message) and Reply by e-mail (when there is an address), and the
// timeline of everything they did, each audit with its report.
import { lazy, Suspense, useId, useState } from 'react'
import type { ComponentType, FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { pb } from '../../backend/client'
import { getPersonPage, type PersonPage } from '../../backend/people-api'
import type { ContactRecord } from '../../backend/types'
import { telHref } from '../../config/phone'
import { useSession } from '../../backend/session'
import { ScoreBadge } from '../../components/ScoreBadge'
import { useSiteContent } from '../../components/site-content'
import { flowLabels, label } from '../../config/labels'
import {
  NOTE_MAX,
  PERSON_STATUSES,
  personStatusLabels,
  type PersonStatus,
} from '../../config/leads'
import { queuePersonUpdate, type PendingPersonUpdate } from '../../offline/admin-cache'
import { AuditReport } from './AuditDetails'
import { formatDateTime } from './format'
import {
  callNumber,
  describeTouch,
  leadOrigin,
  newsletterLabels,
  personTimeline,
  replyLink,
  shownStatus,
  type TimelineEntry,
} from './people-format'
import { EmailText } from './EmailText'
import { ErrorState, LoadingState } from './StatusMessage'
import { PersonNextStep } from './PersonNextStep'
import { SyncLine } from './SyncLine'
import { useConsole } from './use-console'
import { usePendingPersonUpdates, useSyncedData, useWhenDelivered } from './use-people'

/** What every section of a person's page gets. */
export interface PersonSectionProps {
  page: PersonPage
  pending: PendingPersonUpdate[]
}

// The follow-up section's code comes when a person's page opens, not with the console.
const PersonFollowups = lazy(() =>
  import('./PersonFollowups').then((m) => ({ default: m.PersonFollowups })),
)

function PersonFollowupsSection({ page }: PersonSectionProps) {
  return (
    <Suspense fallback={null}>
      <PersonFollowups personId={page.person.id} hasEmail={!!page.person.email} />
    </Suspense>
  )
}

/**
 * The person's page, top to bottom: one entry per section (each a component of its own that
 * gets the loaded page and the changes still waiting to be sent).
 */
const personSections: readonly { id: string; Section: ComponentType<PersonSectionProps> }[] = [
  { id: 'facts', Section: PersonFacts },
  { id: 'actions', Section: PersonActionsSection },
  { id: 'next', Section: PersonNextStepSection },
  { id: 'followups', Section: PersonFollowupsSection },
  { id: 'timeline', Section: PersonTimeline },
]

export function PersonView({
  personId,
  backHref,
  backLabel,
}: {
  personId: string
  backHref: string
  backLabel: string
}) {
  const page = useSyncedData(`person:${personId}`, () => getPersonPage(pb, personId))
  const pending = usePendingPersonUpdates()
  const mine = pending.filter((p) => p.person === personId)
  useWhenDelivered(mine.length, page.refresh)

  return (
    <article className="admin-person" aria-labelledby="admin-person-title">
      <Link to={backHref} className="btn btn-secondary admin-btn-small admin-person__back">
        {backLabel}
      </Link>
      {page.loading ? (
        <LoadingState />
      ) : page.data === undefined ? (
        <>
          <h1 id="admin-person-title" className="admin-title">
            Person
          </h1>
          <ErrorState
            text="Failed to fetch this person."
            onRetry={page.refresh}
            error={page.error}
            offlineText="You're offline, and this person has not been opened on this device yet. Their page will load when the connection is back."
          />
        </>
      ) : page.data.value === null ? (
        <h1 className="admin-title admin-state" id="admin-person-title">
          This person is no longer here: their data was deleted.
        </h1>
      ) : (
        <>
          <PersonHeading page={page.data.value} />
          <SyncLine syncedAt={page.data.syncedAt} fromCopy={page.data.fromCopy} pending={mine} />
          {personSections.map(({ id, Section }) => (
            <Section key={id} page={page.data!.value!} pending={mine} />
          ))}
        </>
      )}
    </article>
  )
}

function PersonHeading({ page }: { page: PersonPage }) {
  const content = useSiteContent()
  const { person } = page
  const previous = person.previousEmails ?? []
  const phone = callNumber(page)
  return (
    <header className="admin-person__head">
      <h1 id="admin-person-title" className="admin-title admin-person__title">
        {person.name || person.email || person.phone}
      </h1>
      {person.email && (
        <p className="admin-person__email">
          <span>
            <EmailText email={person.email} />
          </span>
          <a className="btn btn-primary admin-btn-small" href={replyLink(page, content)}>
            Reply<span className="visually-hidden"> by e-mail</span>
          </a>
        </p>
      )}
      {phone && (
        <p className="admin-person__email">
          <a className="btn btn-primary admin-btn-small" href={telHref(phone)}>
            Call {phone}
          </a>
        </p>
      )}
      {previous.length > 0 && (
        <p className="admin-person__previous">Before: {previous.join(', ')}</p>
      )}
    </header>
  )
}

function PersonFacts({ page, pending }: PersonSectionProps) {
  const { person } = page
  const shown = shownStatus(person, pending)
  const origin = leadOrigin(person) || describeTouch(person.firstTouch)
  return (
    <section aria-label="Facts">
      <dl className="admin-person__facts">
        <div>
          <dt>Status</dt>
          <dd>
            {personStatusLabels[shown.status]}
            {shown.pending && <span className="admin-pending"> (waiting to send)</span>}
          </dd>
        </div>
        <div>
          <dt>Latest score</dt>
          <dd>
            {person.auditCount > 0 ? <ScoreBadge size="compact" score={person.latestScore} /> : '-'}
          </dd>
        </div>
        <div>
          <dt>Best score</dt>
          <dd>
            {person.auditCount > 0 ? <ScoreBadge size="compact" score={person.bestScore} /> : '-'}
          </dd>
        </div>
        <div>
          <dt>Audits</dt>
          <dd>{person.auditCount}</dd>
        </div>
        <div>
          <dt>Messages</dt>
          <dd>{person.messageCount}</dd>
        </div>
        <div>
          <dt>Newsletter</dt>
          <dd>{newsletterLabels[person.newsletter] ?? person.newsletter}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>{person.userId ? 'Yes' : 'No'}</dd>
        </div>
        <div>
          <dt>Last activity</dt>
          <dd>{formatDateTime(person.lastActivityAt)}</dd>
        </div>
        <div className="admin-person__wide">
          <dt>First came from</dt>
          <dd>{origin || 'Not known (direct visit, or before the funnel existed)'}</dd>
        </div>
      </dl>
    </section>
  )
}

function PersonActionsSection({ page, pending }: PersonSectionProps) {
  const { user } = useSession()
  if (!user) return null
  const shown = shownStatus(page.person, pending)
  return <PersonActions personId={page.person.id} status={shown.status} adminId={user.id} />
}

function PersonNextStepSection({ page, pending }: PersonSectionProps) {
  return <PersonNextStep person={page.person} pending={pending} />
}

function PersonTimeline({ page, pending }: PersonSectionProps) {
  return (
    <section aria-labelledby="admin-person-timeline">
      <h2 id="admin-person-timeline" className="admin-person__subtitle">
        Timeline
      </h2>
      <Timeline entries={personTimeline(page, pending)} />
    </section>
  )
}

function PersonActions({
  personId,
  status,
  adminId,
}: {
  personId: string
  status: PersonStatus
  adminId: string
}) {
  const id = useId()
  const [chosen, setChosen] = useState<PersonStatus>(status)
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState('')

  async function changeStatus(event: FormEvent) {
    event.preventDefault()
    setProblem('')
    if (chosen === status) return
    try {
      await queuePersonUpdate({ person: personId, kind: 'status', status: chosen }, adminId)
    } catch {
      setProblem('The change could not be saved on this device. Please try again.')
    }
  }

  async function addNote(event: FormEvent) {
    event.preventDefault()
    const text = note.trim()
    setProblem('')
    if (!text) {
      setProblem('Please write the note.')
      return
    }
    try {
      await queuePersonUpdate({ person: personId, kind: 'note', text }, adminId)
      setNote('')
    } catch {
      // The note stays in the box: nothing typed is lost.
      setProblem('The note could not be saved on this device. Please try again.')
    }
  }

  return (
    <section className="admin-person__actions" aria-label="Status and notes">
      <form className="admin-person__status" onSubmit={(e) => void changeStatus(e)}>
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          value={chosen}
          onChange={(event) => setChosen(event.target.value as PersonStatus)}
        >
          {PERSON_STATUSES.map((s) => (
            <option key={s} value={s}>
              {personStatusLabels[s]}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-secondary admin-btn-small">
          Save status
        </button>
      </form>
      <form className="admin-person__note" onSubmit={(e) => void addNote(e)}>
        <label htmlFor={`${id}-note`}>Add a note</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <button type="submit" className="btn btn-primary admin-btn-small">
          Add note
        </button>
      </form>
      <p className="admin-note" role="alert">
        {problem}
      </p>
    </section>
  )
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="admin-state">Nothing yet.</p>
  return (
    <ol className="admin-timeline">
      {entries.map((entry) => (
        <li key={entry.id} className={`admin-timeline__item admin-timeline__item--${entry.kind}`}>
          <time dateTime={new Date(entry.at).toISOString()}>
            {formatDateTime(new Date(entry.at).toISOString())}
          </time>
          <TimelineBody entry={entry} />
          {entry.pending && (
            <span className="admin-pending">
              {entry.failed ? 'Could not be sent' : 'Waiting to send'}
            </span>
          )}
        </li>
      ))}
    </ol>
  )
}

function TimelineBody({ entry }: { entry: TimelineEntry }) {
  switch (entry.kind) {
    case 'audit':
      return (
        <div>
          <p>
            {label(flowLabels, entry.audit.flow)}:{' '}
            <ScoreBadge size="compact" score={entry.audit.overallScore ?? 0} />
          </p>
          <details className="admin-timeline__report">
            <summary>Show the report</summary>
            <AuditReport audit={entry.audit} />
          </details>
        </div>
      )
    case 'message':
      return <TimelineMessage message={entry.message} />
    case 'newsletter':
    case 'added':
      return <p>{entry.text}</p>
    case 'status':
      return entry.bySite ? (
        <p>
          Status set to {personStatusLabels[entry.status]} by the site: they booked a call through
          the scheduler
        </p>
      ) : (
        <p>Status set to {personStatusLabels[entry.status]}</p>
      )
    case 'note':
      return (
        <div>
          <p>{entry.bySite ? 'Note by the site:' : 'Note:'}</p>
          <p className="admin-timeline__text">{entry.text}</p>
        </div>
      )
  }
}

function TimelineMessage({ message }: { message: ContactRecord }) {
  const { openAudit } = useConsole()
  return (
    <div>
      <p>
        {message.phone ? 'Call-back request' : 'Message'} from {message.name}
        {message.email && <span className="admin-muted"> ({message.email})</span>}:
      </p>
      {message.phone && (
        <p>
          <a href={telHref(message.phone)}>Call {message.phone}</a>
        </p>
      )}
      <p className="admin-timeline__text">{message.message}</p>
      {message.auditId && (
        <button
          type="button"
          className="btn btn-secondary admin-btn-small"
          onClick={() => openAudit(message.auditId)}
        >
          The audit it is about
        </button>
      )}
    </div>
  )
}
