// The lead workspace's People tab: one row per person, searchable and filterable, with the
// consultant's status (pending changes shown as such), a CSV export and an offline copy; "Add a
// lead" for someone who phoned or walked in, and the leads added here still waiting to sync.
// The Next step filter narrows it to next steps due today or overdue, as the list will be once
// the changes waiting in the outbox arrive; with no signal it is built from a copy of everyone
// with a due date, which People keeps on the device each time it opens online.
import type { ListResult } from 'pocketbase'
import { useId, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { pb } from '../../backend/client'
import { useSession } from '../../backend/session'
import {
  emptyPeopleFilter,
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
import { leadSourceLabels } from '../../config/manual-lead'
import type { PendingPersonUpdate } from '../../offline/admin-cache'
import { AddLeadForm, type AddLeadFormProps, type LeadTaken } from './AddLeadForm'
import { AdminList, pageCounts, type ListDefinition } from './AdminList'
import { localTimeZone } from './csv'
import { formatDateTime, periodLabels, periodStart, scoreBandLabels, type Period } from './format'
import {
  dayIn,
  duePeople,
  formatDay,
  matchesPeopleFilter,
  newsletterLabels,
  peopleCsv,
  shownNextStep,
  shownStatus,
  type PendingLead,
} from './people-format'
import { PersonLink } from './PersonLink'
import { StaleSettings } from './StaleSettings'
import { SyncLine } from './SyncLine'
import { useConsole } from './use-console'
import { useCsvExport, useDebounced, useLiveChanges, type ServerData } from './use-admin'
import { discardLead, usePendingLeads } from './use-manual-leads'
import {
  usePendingPersonUpdates,
  usePeopleFromCopies,
  useSyncedData,
  useWhenDelivered,
  type Synced,
} from './use-people'
import './people.css'

const bandLabels: Record<PeopleBand, string> = { ...scoreBandLabels, none: 'No audit yet' }

/** The Due list is loaded whole (a day's next steps are few), as one page. */
function onePage(items: PersonRecord[]): ListResult<PersonRecord> {
  return { page: 1, perPage: items.length, totalItems: items.length, totalPages: 1, items }
}

function peopleList(
  pending: PendingPersonUpdate[],
  personHref: (id: string) => string,
  staleDays: StaleDays,
  now: number,
  today: string,
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
        cell: (p) => <PersonCell person={p} href={personHref(p.id)} />,
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
          const next = shownNextStep(p, pending, today)
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

/** Their name and e-mail, or for someone known by phone only, their name and number. */
function PersonCell({ person, href }: { person: PersonRecord; href: string }) {
  if (person.email || !person.phone) return <PersonLink person={person} href={href} />
  return (
    <Link to={href} className="admin-people-open">
      <span className="admin-people-name">{person.name || person.phone}</span>
      {person.name && <span className="admin-people-email">{person.phone}</span>}
    </Link>
  )
}

/** The lead form's state: closed, or open (new, or changing a lead the server refused). */
type LeadFormState = Omit<AddLeadFormProps, 'adminId' | 'onClose'> & { round: number }

/** What the consultant is told once the form has taken a lead. */
function takenText({ name, status }: LeadTaken): string {
  if (status === 'sent') return `${name} is in People.`
  return navigator.onLine === false
    ? `${name} is saved on this device and goes to People when you're back online.`
    : `${name} is saved on this device and goes to People as soon as the server answers.`
}

export function PeopleTab() {
  const id = useId()
  const { user } = useSession()
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
  const [dueOnly, setDueOnly] = useState(false)
  // "Today" is the site's day (SITE_TIME_ZONE, which the settings People keeps offline answer) on
  // this device's clock, so it turns at midnight with no signal too; Today's answer (`today`)
  // would stay the day it was loaded. Until the settings are in, this device's zone stands in.
  const today = dayIn(now, settings.data?.value.timeZone || localTimeZone())
  const due = dueOnly ? today : ''
  const filter = useMemo<PeopleFilter>(
    () => ({ search, status, band, since, due }),
    [search, status, band, since, due],
  )
  const filterKey = JSON.stringify([search, status, band, period, due])
  const [paging, setPaging] = useState({ filterKey, page: 1 })
  const page = paging.filterKey === filterKey ? paging.page : 1

  const list = useSyncedData(`people:${filterKey}:${dueOnly ? 'due' : page}`, () =>
    dueOnly ? listAllPeople(pb, filter).then(onePage) : listPeople(pb, page, filter),
  )
  // Everyone with a due date, kept on the device so the Due list can be built offline even when
  // it was never opened online (and still right after midnight, or after a Snooze).
  const withDue = useSyncedData('people-next-due', () =>
    listAllPeople(pb, { ...emptyPeopleFilter, due: 'any' }),
  )
  const pending = usePendingPersonUpdates()
  // Someone given a next step while waiting to send may be in neither list: their page's copy.
  const givenNextStep = usePeopleFromCopies(
    dueOnly ? pending.filter((p) => p.kind === 'next_step' && p.due).map((p) => p.person) : [],
  )
  const leads = usePendingLeads()
  const csv = useCsvExport()
  const refresh = () => {
    list.refresh()
    withDue.refresh()
  }
  useLiveChanges('people', () => list.refresh())
  useWhenDelivered(pending.length, refresh)
  useWhenDelivered(leads.length, list.refresh)

  const [leadForm, setLeadForm] = useState<LeadFormState | null>(null)
  const [taken, setTaken] = useState('')
  // Focus goes back to "Add a lead" when the form closes (the button mounts again then).
  const focusAddButton = useRef(false)
  const openLeadForm = (state: Omit<LeadFormState, 'round'>) => {
    setTaken('')
    setLeadForm((current) => ({ ...state, round: (current?.round ?? 0) + 1 }))
  }

  const shown: ShownPeople = dueOnly
    ? dueList({ list, withDue, givenNextStep, pending, today, filter })
    : { rows: list.data?.value.items, sync: list.data, loading: list.loading, error: list.error }
  const synced = list.data
  return (
    <>
      <div className="admin-people-add">
        {leadForm && user ? (
          <AddLeadForm
            key={leadForm.round}
            adminId={user.id}
            initial={leadForm.initial}
            serverErrors={leadForm.serverErrors}
            replaces={leadForm.replaces}
            onClose={(lead) => {
              focusAddButton.current = true
              setLeadForm(null)
              if (lead) {
                setTaken(takenText(lead))
                if (lead.status === 'sent') list.refresh()
              }
            }}
          />
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            ref={(button) => {
              if (button && focusAddButton.current) {
                focusAddButton.current = false
                button.focus()
              }
            }}
            onClick={() => openLeadForm({})}
          >
            Add a lead
          </button>
        )}
        <p className="admin-people-add__taken" role="status">
          {taken}
        </p>
      </div>

      <form
        className="admin-toolbar"
        role="search"
        aria-label="Filter people"
        onSubmit={(event) => event.preventDefault()}
      >
        <Field
          label="Search by name or e-mail, or phone"
          htmlFor={`${id}-q`}
          className="admin-toolbar__grow"
        >
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
        <Field label="Next step" htmlFor={`${id}-due`}>
          <select
            id={`${id}-due`}
            value={dueOnly ? 'due' : ''}
            onChange={(event) => setDueOnly(event.target.value === 'due')}
          >
            <option value="">Any next step</option>
            <option value="due">Due today or overdue</option>
          </select>
        </Field>
        <div className="admin-toolbar__actions">
          <button type="button" className="btn btn-secondary" onClick={refresh}>
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
      {shown.sync && (
        <SyncLine syncedAt={shown.sync.syncedAt} fromCopy={shown.sync.fromCopy} pending={pending} />
      )}

      <PendingLeads
        leads={leads}
        formOpen={!!leadForm}
        onChange={(lead) =>
          openLeadForm({
            initial: {
              name: lead.name,
              phone: lead.phone ?? '',
              email: lead.email ?? '',
              source: lead.source,
              note: lead.note ?? '',
            },
            serverErrors: lead.fieldErrors,
            replaces: lead.id,
          })
        }
      />

      <AdminList
        definition={peopleList(pending, personHref, staleDays, now, today)}
        rows={shown.rows}
        loading={shown.loading}
        error={shown.error}
        onRetry={refresh}
        pages={
          synced && !dueOnly
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

/** What the list shows: its rows, when they were loaded and whether from the device's copy. */
interface ShownPeople {
  rows: PersonRecord[] | undefined
  sync: { syncedAt: number; fromCopy: boolean } | undefined
  loading: boolean
  error: unknown
}

/**
 * The Due list as shown: the server's answer when it came, else built on the device from the copy
 * of everyone with a due date (or this filter's own copy) with the other filters applied; either
 * way with the pending changes applied (`duePeople`), and the people given a next step while
 * waiting to send added.
 */
function dueList({
  list,
  withDue,
  givenNextStep,
  pending,
  today,
  filter,
}: {
  list: ServerData<Synced<ListResult<PersonRecord>>>
  withDue: ServerData<Synced<PersonRecord[]>>
  givenNextStep: PersonRecord[]
  pending: PendingPersonUpdate[]
  today: string
  filter: PeopleFilter
}): ShownPeople {
  const matches = (p: PersonRecord) => matchesPeopleFilter(p, filter, pending)
  const added = givenNextStep.filter(matches)
  const shown = (people: PersonRecord[], sync: ShownPeople['sync']): ShownPeople => ({
    rows: duePeople([...people, ...added], pending, today),
    sync,
    loading: false,
    error: undefined,
  })
  if (list.loading) return { rows: undefined, sync: undefined, loading: true, error: undefined }
  if (list.data && !list.data.fromCopy) return shown(list.data.value.items, list.data)
  // Built on the device, whenever that copy was loaded: say so (the SyncLine's offline words).
  if (withDue.data)
    return shown(withDue.data.value.filter(matches), { ...withDue.data, fromCopy: true })
  if (list.data) return shown(list.data.value.items, list.data)
  return { rows: undefined, sync: undefined, loading: withDue.loading, error: list.error }
}

/**
 * Leads added on this device that the server does not have yet, above the list: waiting to sync,
 * or refused (the server's reason, with Change to fix it in the form, or Discard).
 */
function PendingLeads({
  leads,
  formOpen,
  onChange,
}: {
  leads: PendingLead[]
  /** The form is open (perhaps with typed text): Change waits, so nothing typed is replaced. */
  formOpen: boolean
  onChange: (lead: PendingLead) => void
}) {
  if (leads.length === 0) return null
  const confirmDiscard = (lead: PendingLead) => {
    if (
      window.confirm(`Discard the lead ${lead.name}? It is not in People and cannot be recovered.`)
    )
      void discardLead(lead.id)
  }
  return (
    <section className="admin-pending-leads" aria-label="Leads not in People yet">
      <ul className="admin-pending-leads__list">
        {leads.map((lead) => (
          <li
            key={lead.id}
            className={`admin-pending-lead${lead.failed ? ' admin-pending-lead--failed' : ''}`}
          >
            <p className="admin-pending-lead__who">
              <span className="admin-people-name">{lead.name}</span>
              <span className="admin-people-email">
                {[lead.phone, lead.email].filter(Boolean).join(' · ')}
              </span>
              <span className="admin-muted">
                Added by hand · {leadSourceLabels[lead.source] ?? lead.source}
              </span>
            </p>
            {lead.failed ? (
              <>
                <p className="admin-pending-lead__refusal">
                  <strong>Could not be added.</strong> {lead.refusal}
                </p>
                <div className="admin-pending-lead__actions">
                  <button
                    type="button"
                    className="btn btn-primary admin-btn-small"
                    disabled={formOpen}
                    aria-describedby={formOpen ? `lead-change-wait-${lead.id}` : undefined}
                    onClick={() => onChange(lead)}
                  >
                    Change<span className="visually-hidden"> the lead {lead.name}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary admin-btn-small"
                    onClick={() => confirmDiscard(lead)}
                  >
                    Discard<span className="visually-hidden"> the lead {lead.name}</span>
                  </button>
                </div>
                {formOpen && (
                  <p id={`lead-change-wait-${lead.id}`} className="admin-muted">
                    To change it, first add or cancel the lead you are typing.
                  </p>
                )}
              </>
            ) : (
              <p className="admin-pending">Waiting to sync</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
