// Today, the console's first tab: who needs the consultant now, one row per person: what came in
// (a call-back request, a message, a new audit from someone who showed the address is theirs),
// newest first, then next steps due today or overdue. Each row: Call, Reply (for someone with an
// e-mail address), and after either one tap to log it; Mark handled; Snooze to a date. Every
// action goes through the outbox like notes, so it works with no signal: the row leaves the list
// at once and the change waits to be sent.
// The count is beside the tab's name, and on the installed app's icon where the browser has app
// badges. Under the list: alerts on this device for each new lead (PushAlertsCard.tsx).
import { useEffect, useId, useState, type ReactNode } from 'react'
import { pb } from '../../backend/client'
import { getToday, type TodayItem, type TodayReason } from '../../backend/people-api'
import { useSession } from '../../backend/session'
import { useSiteContent } from '../../components/site-content'
import { mailtoHref } from '../../config/email-address'
import { telHref } from '../../config/phone'
import { queuePersonUpdate } from '../../offline/admin-cache'
import { formatDateTime } from './format'
import { PersonLink } from './PersonLink'
import { PushAlertsCard } from './PushAlertsCard'
import { formatDay } from './people-format'
import { ErrorState, LoadingState } from './StatusMessage'
import { SyncLine } from './SyncLine'
import { useLiveChanges } from './use-admin'
import { useConsole } from './use-console'
import { publishTodayCount } from './today-count'
import { usePendingPersonUpdates, useSyncedData, useWhenDelivered } from './use-people'
import './today.css'

const REASONS: Record<TodayReason, string> = {
  callback: 'Call-back request',
  message: 'Message',
  audit: 'New audit',
  due: 'Next step due',
}

/** The day after `today` (`2026-11-29`), as a date field's value. */
function dayAfter(today: string): string {
  const [y, m, d] = today.split('-').map(Number)
  const next = new Date(Date.UTC(y, m - 1, d + 1))
  return next.toISOString().slice(0, 10)
}

export function TodayTab() {
  return (
    <>
      <TodayPeople />
      <PushAlertsCard />
    </>
  )
}

/** Who needs the consultant now: the list, or why it cannot be shown. */
function TodayPeople() {
  const { user } = useSession()
  const today = useSyncedData('today', () => getToday(pb))
  const pending = usePendingPersonUpdates()
  useWhenDelivered(pending.length, today.refresh)
  useLiveChanges('contacts', today.refresh)
  useLiveChanges('audits', today.refresh)

  if (today.loading) return <LoadingState />
  if (!today.data)
    return (
      <ErrorState
        text="Failed to fetch Today's list."
        onRetry={today.refresh}
        error={today.error}
        offlineText="You're offline, and Today has not been opened on this device yet. It will load when the connection is back."
      />
    )
  // A person handled or snoozed here (sent or still waiting) leaves the list at once.
  const done = new Set(
    pending
      .filter((p) => p.kind === 'handled' || p.kind === 'called' || p.kind === 'emailed')
      .map((p) => p.person),
  )
  const { items, today: day } = today.data.value
  const shown = items.filter((item) => !done.has(item.person))
  return (
    <TodayList shown={shown} day={day} adminId={user?.id ?? ''}>
      <SyncLine syncedAt={today.data.syncedAt} fromCopy={today.data.fromCopy} pending={pending} />
    </TodayList>
  )
}

/** The count (also on the installed app's icon, where the browser supports a badge) and the rows. */
function TodayList({
  shown,
  day,
  adminId,
  children,
}: {
  shown: TodayItem[]
  day: string
  adminId: string
  children: ReactNode
}) {
  const count = shown.length
  useEffect(() => publishTodayCount(count), [count])
  useEffect(() => {
    const nav = navigator as Navigator & {
      setAppBadge?: (n: number) => Promise<void>
      clearAppBadge?: () => Promise<void>
    }
    const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.()
    done?.catch(() => undefined)
  }, [count])
  return (
    <div className="admin-today">
      {children}
      <p className="admin-today__count" role="status">
        {shown.length === 0
          ? 'Nothing needs you right now.'
          : shown.length === 1
            ? '1 person needs you.'
            : `${shown.length} people need you.`}
      </p>
      {shown.length > 0 && (
        <ul className="admin-today__list">
          {shown.map((item) => (
            <TodayRow key={item.person} item={item} today={day} adminId={adminId} />
          ))}
        </ul>
      )}
    </div>
  )
}

function TodayRow({ item, today, adminId }: { item: TodayItem; today: string; adminId: string }) {
  const id = useId()
  const { personHref } = useConsole()
  const [contacted, setContacted] = useState<'called' | 'emailed' | null>(null)
  const [snoozeTo, setSnoozeTo] = useState(() => dayAfter(today))
  const [problem, setProblem] = useState('')
  const overdue = item.reason === 'due' && item.nextDue < today
  const { businessName, ownerName } = useSiteContent()
  const reply = mailtoHref(item.email, {
    subject: `Following up - ${businessName}`,
    body: `Hi${item.name ? ` ${item.name.trim().split(/\s+/)[0]}` : ''},\n\n\n${ownerName}`,
  })

  async function act(kind: 'handled' | 'called' | 'emailed', due?: string) {
    setProblem('')
    if (kind === 'handled' && due !== undefined && !(due > today)) {
      return setProblem('Snooze to a day after today.')
    }
    try {
      await queuePersonUpdate({ person: item.person, kind, due }, adminId)
    } catch {
      setProblem('That could not be saved on this device. Please try again.')
    }
  }

  return (
    <li className="admin-today__row card">
      <div className="admin-today__who">
        <PersonLink person={item} href={personHref(item.person)} />
        <span className={`admin-today__reason admin-today__reason--${item.reason}`}>
          {REASONS[item.reason]}
          {overdue && ' (overdue)'}
        </span>
      </div>
      <p className="admin-today__what">{item.what || item.nextStep || '(no text)'}</p>
      <p className="admin-muted admin-today__when">
        {item.reason === 'due' ? `Due ${formatDay(item.nextDue)}` : formatDateTime(item.at)}
        {item.reason !== 'due' && item.nextStep
          ? ` · Next step: ${item.nextStep}${item.nextDue ? `, due ${formatDay(item.nextDue)}` : ''}`
          : ''}
      </p>
      <div className="admin-today__actions">
        {item.phone && (
          <a
            className="btn btn-primary admin-btn-small"
            href={telHref(item.phone)}
            onClick={() => setContacted('called')}
          >
            Call {item.phone}
          </a>
        )}
        {item.email && (
          <a
            className="btn btn-secondary admin-btn-small"
            href={reply}
            onClick={() => setContacted('emailed')}
          >
            Reply<span className="visually-hidden"> to {item.name || item.email}</span>
          </a>
        )}
        {contacted && (
          <button
            type="button"
            className="btn btn-secondary admin-btn-small"
            onClick={() => void act(contacted)}
          >
            {contacted === 'called' ? 'Log the call' : 'Log the e-mail'}
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary admin-btn-small"
          onClick={() => void act('handled')}
        >
          Mark handled<span className="visually-hidden"> for {item.name || item.email}</span>
        </button>
      </div>
      <form
        className="admin-today__snooze"
        onSubmit={(e) => {
          e.preventDefault()
          void act('handled', snoozeTo)
        }}
      >
        <label htmlFor={`${id}-snooze`}>Snooze to</label>
        <input
          id={`${id}-snooze`}
          type="date"
          min={dayAfter(today)}
          value={snoozeTo}
          onChange={(e) => setSnoozeTo(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary admin-btn-small">
          Snooze<span className="visually-hidden"> {item.name || item.email}</span>
        </button>
      </form>
      <p className="admin-note" role="alert">
        {problem}
      </p>
    </li>
  )
}
