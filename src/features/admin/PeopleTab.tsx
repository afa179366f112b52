// The lead workspace's People tab: one row per e-mail, searchable and filterable, with the
// consultant's status (pending changes shown as such), a CSV export and an offline copy.
import { useId, useMemo, useState } from 'react'
import { pb } from '../../backend/client'
import {
  getPeopleSettings,
  listAllPeople,
  listPeople,
  type PeopleBand,
  type PeopleFilter,
} from '../../backend/people-api'
import type { PersonRecord } from '../../backend/types'
import { Field } from '../../components/Field'
import { ScoreBadge } from '../../components/ScoreBadge'
import {
  PERSON_STATUSES,
  STALE_DEFAULTS,
  isStale,
  personStatusLabels,
  type PersonStatus,
  type StaleDays,
} from '../../config/leads'
import type { PendingPersonUpdate } from '../../offline/admin-cache'
import { AdminList, pageCounts, type ListDefinition } from './AdminList'
import { formatDateTime, periodLabels, periodStart, scoreBandLabels, type Period } from './format'
import { formatDay, newsletterLabels, peopleCsv, shownNextStep, shownStatus } from './people-format'
import { PersonLink } from './PersonLink'
import { StaleSettings } from './StaleSettings'
import { SyncLine } from './SyncLine'
import { useConsole } from './use-console'
import { useCsvExport, useDebounced, useLiveChanges } from './use-admin'
import { usePendingPersonUpdates, useSyncedData, useWhenDelivered } from './use-people'
import './people.css'

const bandLabels: Record<PeopleBand, string> = { ...scoreBandLabels, none: 'No audit yet' }

function peopleList(
  pending: PendingPersonUpdate[],
  personHref: (id: string) => string,
  staleDays: StaleDays,
  now: number,
): ListDefinition<PersonRecord> {
  return {
    label: 'People',
    noun: 'people',
    empty: 'No people match.',
    loadFailure: 'Failed to fetch people.',
    tableClassName: 'admin-people-table',
    columns: [
      {
        header: 'Person',
        rowHeader: true,
        cell: (p) => <PersonLink person={p} href={personHref(p.id)} />,
      },
      {
        header: 'Status',
        cell: (p) => {
          const shown = shownStatus(p, pending)
          return (
            <>
              <span className={`admin-status admin-status--${shown.status}`}>
                {personStatusLabels[shown.status]}
                {shown.pending && <span className="admin-pending"> (waiting to send)</span>}
              </span>
              {isStale({ ...p, status: shown.status }, staleDays, now) && (
                <span className="admin-stale"> Stale</span>
              )}
            </>
          )
        },
      },
      {
        header: 'Next step',
        cell: (p) => {
          const next = shownNextStep(p, pending)
          if (!next.text && !next.due) return '-'
          return (
            <span className="admin-people-next">
              {next.text || '(no text)'}
              {next.due && <span className="admin-muted"> · due {formatDay(next.due)}</span>}
              {next.pending && <span className="admin-pending"> (waiting to send)</span>}
            </span>
          )
        },
      },
      {
        header: 'Latest',
        cell: (p) => (p.auditCount > 0 ? <ScoreBadge size="compact" score={p.latestScore} /> : '-'),
      },
      {
        header: 'Best',
        cell: (p) => (p.auditCount > 0 ? <ScoreBadge size="compact" score={p.bestScore} /> : '-'),
      },
      { header: 'Audits', cell: (p) => p.auditCount },
      { header: 'Messages', cell: (p) => p.messageCount },
      { header: 'Newsletter', cell: (p) => newsletterLabels[p.newsletter] ?? p.newsletter },
      {
        header: 'Last activity',
        cell: (p) => <time dateTime={p.lastActivityAt}>{formatDateTime(p.lastActivityAt)}</time>,
      },
      {
        header: 'Last contact',
        cell: (p) =>
          p.lastContactAt ? (
            <time dateTime={p.lastContactAt}>{formatDateTime(p.lastContactAt)}</time>
          ) : (
            '-'
          ),
      },
    ],
  }
}

export function PeopleTab() {
  const id = useId()
  const { personHref } = useConsole()
  const settings = useSyncedData('people-settings', () => getPeopleSettings(pb))
  const staleDays = settings.data?.value.staleDays ?? STALE_DEFAULTS
  // Stale is judged against the time the list was loaded.
  const [now] = useState(() => Date.now())
  const [searchInput, setSearchInput] = useState('')
  const search = useDebounced(searchInput.trim(), 300)
  const [status, setStatus] = useState<PersonStatus | ''>('')
  const [band, setBand] = useState<PeopleBand | ''>('')
  const [period, setPeriod] = useState<Period>('all')
  const [since, setSince] = useState<Date | null>(null)
  const filter = useMemo<PeopleFilter>(
    () => ({ search, status, band, since }),
    [search, status, band, since],
  )
  const filterKey = JSON.stringify([search, status, band, period])
  const [paging, setPaging] = useState({ filterKey, page: 1 })
  const page = paging.filterKey === filterKey ? paging.page : 1

  const list = useSyncedData(`people:${filterKey}:${page}`, () => listPeople(pb, page, filter))
  const pending = usePendingPersonUpdates()
  const csv = useCsvExport()
  useLiveChanges('people', () => list.refresh())
  useWhenDelivered(pending.length, list.refresh)

  const synced = list.data
  return (
    <>
      <form
        className="admin-toolbar"
        role="search"
        aria-label="Filter people"
        onSubmit={(event) => event.preventDefault()}
      >
        <Field label="Search by name or e-mail" htmlFor={`${id}-q`} className="admin-toolbar__grow">
          <input
            id={`${id}-q`}
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. innkeeper"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
          />
        </Field>
        <Field label="Status" htmlFor={`${id}-status`}>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as PersonStatus | '')}
          >
            <option value="">Any status</option>
            {PERSON_STATUSES.map((s) => (
              <option key={s} value={s}>
                {personStatusLabels[s]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Latest score" htmlFor={`${id}-band`}>
          <select
            id={`${id}-band`}
            value={band}
            onChange={(event) => setBand(event.target.value as PeopleBand | '')}
          >
            <option value="">Any score</option>
            {(Object.keys(bandLabels) as PeopleBand[]).map((b) => (
              <option key={b} value={b}>
                {bandLabels[b]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Last activity" htmlFor={`${id}-period`}>
          <select
            id={`${id}-period`}
            value={period}
            onChange={(event) => {
              const next = event.target.value as Period
              setPeriod(next)
              setSince(periodStart(next, new Date()))
            }}
          >
            {(Object.keys(periodLabels) as Period[]).map((p) => (
              <option key={p} value={p}>
                {periodLabels[p]}
              </option>
            ))}
          </select>
        </Field>
        <div className="admin-toolbar__actions">
          <button type="button" className="btn btn-secondary" onClick={list.refresh}>
            Refresh
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={csv.exporting}
            onClick={() => csv.run('people', () => listAllPeople(pb, filter), peopleCsv, 'people')}
          >
            {csv.exporting ? 'Exporting...' : 'Export CSV'}
          </button>
        </div>
      </form>
      <p className="admin-note" role="status">
        {csv.note}
      </p>
      {synced && (
        <SyncLine syncedAt={synced.syncedAt} fromCopy={synced.fromCopy} pending={pending} />
      )}

      <AdminList
        definition={peopleList(pending, personHref, staleDays, now)}
        rows={synced?.value.items}
        loading={list.loading}
        error={list.error}
        onRetry={list.refresh}
        pages={
          synced
            ? {
                page,
                ...pageCounts(synced.value),
                onPage: (next) => setPaging({ filterKey, page: next }),
              }
            : undefined
        }
      />

      <StaleSettings
        saved={staleDays}
        loaded={settings.data !== undefined && !settings.data.fromCopy}
        onSaved={settings.refresh}
      />
    </>
  )
}
