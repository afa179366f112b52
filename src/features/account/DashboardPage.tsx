import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { Navigate, useSearchParams } from 'react-router-dom'
import { paths, withNext } from '../../config/paths'
import { useSession } from '../../backend/session'
import type { UserRecord } from '../../backend/types'
import { OverviewTab } from './OverviewTab'
import type { Leaving } from './SettingsTab'
import { useMyAudits } from './use-my-audits'
import { BookCallContext, type RenderBookCall } from './book-call-slot'
import './dashboard.css'

// Not needed for the first tab a visitor sees: kept out of the dashboard's first JavaScript.
const SettingsTab = lazy(() => import('./SettingsTab').then((m) => ({ default: m.SettingsTab })))
const MyAuditsTab = lazy(() => import('./MyAuditsTab').then((m) => ({ default: m.MyAuditsTab })))

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'audits', label: 'My Audits' },
  { id: 'settings', label: 'Settings' },
] as const
type TabId = (typeof TABS)[number]['id']

function isTab(value: string | null): value is TabId {
  return TABS.some((t) => t.id === value)
}

/**
 * The dashboard: signed-in only; three tabs, the chosen one kept in `?tab=`. `bookCall` draws the
 * site's strategy-call button (see book-call-slot.tsx).
 */
export default function DashboardPage({ bookCall }: { bookCall?: RenderBookCall }) {
  const { user } = useSession()
  // Set just before the account is deleted: where to go once the session ends.
  const [leaving, setLeaving] = useState<Leaving | null>(null)

  if (!user) {
    if (leaving) return <Navigate to={leaving.to} replace state={leaving.state} />
    return <Navigate to={withNext(paths.login, paths.dashboard)} replace />
  }
  return (
    <BookCallContext.Provider value={bookCall ?? null}>
      <Dashboard key={user.id} user={user} onLeaving={setLeaving} />
    </BookCallContext.Provider>
  )
}

function Dashboard({
  user,
  onLeaving,
}: {
  user: UserRecord
  onLeaving: (to: Leaving | null) => void
}) {
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const active: TabId = isTab(requested) ? requested : 'overview'
  const baseId = useId()
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({})
  const audits = useMyAudits(user.id)
  // Free audits appear the moment the e-mail is verified, wherever the link was opened.
  useEffect(() => {
    if (user.verified) return
    let stop: (() => void) | null = null
    let done = false
    import('../../backend/verification-watch').then(
      (watch) => {
        if (!done) stop = watch.watchUntilVerified()
      },
      (err) => console.error('Could not watch for the e-mail verification', err),
    )
    return () => {
      done = true
      stop?.()
    }
  }, [user.id, user.verified])

  function select(tab: TabId, focus = false) {
    setParams(tab === 'overview' ? {} : { tab }, { replace: true })
    if (focus) tabRefs.current[tab]?.focus()
  }

  // WAI-ARIA tabs: arrows move between tabs, Home/End jump to the ends.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((t) => t.id === active)
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    }
    if (!(event.key in moves)) return
    event.preventDefault()
    select(TABS[moves[event.key]].id, true)
  }

  return (
    <main className="container dashboard" id="main">
      <h1>Dashboard</h1>
      <div
        role="tablist"
        aria-label="Dashboard sections"
        className="dashboard-tabs"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[tab.id] = el
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-controls={`${baseId}-panel-${tab.id}`}
            aria-selected={active === tab.id}
            tabIndex={active === tab.id ? 0 : -1}
            className="dashboard-tab"
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <section
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={active !== tab.id}
          tabIndex={0}
          className="dashboard-panel"
        >
          {active === tab.id && tab.id === 'overview' && (
            <OverviewTab
              user={user}
              audits={audits}
              onShowAudits={() => select('audits')}
              onShowSettings={() => select('settings')}
            />
          )}
          {active === tab.id && tab.id !== 'overview' && (
            <Suspense
              fallback={
                <p className="dashboard-loading" role="status">
                  Loading...
                </p>
              }
            >
              {tab.id === 'audits' && <MyAuditsTab user={user} audits={audits} />}
              {tab.id === 'settings' && <SettingsTab user={user} onLeaving={onLeaving} />}
            </Suspense>
          )}
        </section>
      ))}
    </main>
  )
}
