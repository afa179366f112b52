// One person of the lead workspace: facts, the consultant's status and notes (queued through
// the outbox, so they work with no signal and show as waiting until sent), Reply by e-mail,
// and the timeline of everything they did, each audit with its report.
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { pb } from '../../backend/client'
import { getPersonPage, type PersonPage } from '../../backend/people-api'
import { useSession } from '../../backend/session'
import { ScoreBadge } from '../../components/ScoreBadge'
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
  describeTouch,
  newsletterLabels,
  personTimeline,
  replyLink,
  shownStatus,
  type TimelineEntry,
} from './people-format'
import { PersonFollowups } from './PersonFollowups'
import { ErrorState, LoadingState } from './StatusMessage'
import { SyncLine } from './SyncLine'
import { usePendingPersonUpdates, useSyncedData, useWhenDelivered } from './use-people'

export function PersonView({ personId, onBack }: { personId: string; onBack: () => void }) {
  const page = useSyncedData(`person:${personId}`, () => getPersonPage(pb, personId))
  const pending = usePendingPersonUpdates()
  const mine = pending.filter((p) => p.person === personId)
  useWhenDelivered(mine.length, page.refresh)

  return (
    <section className="admin-person" aria-labelledby="admin-person-title">
      <button type="button" className="btn btn-secondary admin-btn-small" onClick={onBack}>
        Back to People
      </button>
      {page.loading ? (
        <LoadingState />
      ) : page.data === undefined ? (
        <ErrorState text="Failed to fetch this person." onRetry={page.refresh} />
      ) : page.data.value === null ? (
        <p className="admin-state" id="admin-person-title">
          This person is no longer here: their data was deleted.
        </p>
      ) : (
        <>
          <SyncLine syncedAt={page.data.syncedAt} fromCopy={page.data.fromCopy} pending={mine} />
          <Person page={page.data.value} pending={mine} />
        </>
      )}
    </section>
  )
}

function Person({ page, pending }: { page: PersonPage; pending: PendingPersonUpdate[] }) {
  const { person } = page
  const { user } = useSession()
  const shown = shownStatus(person, pending)
  const touch = describeTouch(person.firstTouch)
  return (
    <>
      <h2 id="admin-person-title" className="admin-person__title">
        {person.name || person.email}
      </h2>
      <p className="admin-person__email">
        {person.email}{' '}
        <a className="btn btn-primary admin-btn-small" href={replyLink(page)}>
          Reply
        </a>
      </p>
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
          <dd>{touch || 'Not known (direct visit, or before the funnel existed)'}</dd>
        </div>
      </dl>
      {user && <PersonActions personId={person.id} status={shown.status} adminId={user.id} />}
      <PersonFollowups personId={person.id} />
      <h3>Timeline</h3>
      <Timeline entries={personTimeline(page, pending)} />
    </>
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
    <div className="admin-person__actions">
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
    </div>
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
      return (
        <div>
          <p>Message from {entry.message.name}:</p>
          <p className="admin-timeline__text">{entry.message.message}</p>
        </div>
      )
    case 'newsletter':
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
