// /audit-admin: the consultant's console. Only a signed-in user with isAdmin sees it; the
// collection rules and the stats route are the real guard, this page only reflects them.
import { useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router-dom'
import { paths, withNext } from '../../config/paths'
import { useSession } from '../../backend/session'
import { AuditDetailsDialog } from './AuditDetails'
import { AuditsTab } from './AuditsTab'
import { FailedMail } from './FailedMail'
import { FollowupTab } from './FollowupTab'
import { FunnelTab } from './FunnelTab'
import { MessagesTab } from './MessagesTab'
import { PeopleTab } from './PeopleTab'
import { PersonView } from './PersonView'
import { SubscribersTab } from './SubscribersTab'
import { useAdminAccess } from './use-admin'
import './admin.css'

export default function AdminPage() {
  const access = useAdminAccess()
  if (access === 'signed-out')
    return <Navigate to={withNext(paths.login, paths.auditAdmin)} replace />
  if (access === 'checking') {
    return (
      <main className="container admin" id="main">
        <p className="admin-state" role="status">
          Loading...
        </p>
      </main>
    )
  }
  if (access === 'not-admin') return <NotAuthorised />
  return <AdminConsole />
}

function NotAuthorised() {
  const { user } = useSession()
  return (
    <main className="container narrow admin" id="main">
      <meta name="robots" content="noindex" />
      <h1>Not authorised</h1>
      <p>
        This page is only for the site owner.
        {user && <> You are signed in as {user.email}.</>}
      </p>
      <p>
        <Link to={paths.dashboard}>Go to your dashboard</Link> or{' '}
        <Link to={paths.home}>go home</Link>.
      </p>
    </main>
  )
}

// People first: the console opens on the lead workspace. The Funnel sits next to it.
const tabs = [
  { id: 'people', label: 'People' },
  { id: 'funnel', label: 'Funnel' },
  { id: 'audits', label: 'Audits' },
  { id: 'messages', label: 'Messages' },
  { id: 'subscribers', label: 'Subscribers' },
  { id: 'followup', label: 'Follow-up' },
] as const
type TabId = (typeof tabs)[number]['id']

function AdminConsole() {
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get('tab')
  const active: TabId = tabs.some((t) => t.id === requested) ? (requested as TabId) : 'people'
  const personId = active === 'people' ? searchParams.get('person') : null
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({})
  const [openAuditId, setOpenAuditId] = useState<string | null>(null)

  const select = (id: TabId) =>
    setSearchParams(id === 'people' ? {} : { tab: id }, { replace: true })
  // A person's page is a history entry of its own: Back returns to the list.
  const openPerson = (id: string | null) => setSearchParams(id ? { person: id } : {})

  // WAI-ARIA tabs: arrows, Home and End move between tabs and select them.
  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.findIndex((t) => t.id === active)
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1
    if (next < 0) return
    event.preventDefault()
    select(tabs[next].id)
    tabRefs.current[tabs[next].id]?.focus()
  }

  return (
    <main className="container admin" id="main">
      <meta name="robots" content="noindex" />
      <h1>Digital Strategy Audit Submissions</h1>
      <FailedMail />

      <div className="admin-tabs" role="tablist" aria-label="Submissions">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[tab.id] = el
            }}
            type="button"
            role="tab"
            id={`admin-tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`admin-panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            className="admin-tab"
            onClick={() => select(tab.id)}
            onKeyDown={onTabKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>

      <div
        className="admin-panel"
        role="tabpanel"
        id={`admin-panel-${active}`}
        aria-labelledby={`admin-tab-${active}`}
      >
        {active === 'people' &&
          (personId ? (
            <PersonView personId={personId} onBack={() => openPerson(null)} />
          ) : (
            <PeopleTab onOpenPerson={openPerson} />
          ))}
        {active === 'funnel' && <FunnelTab />}
        {active === 'audits' && <AuditsTab onOpenAudit={setOpenAuditId} />}
        {active === 'messages' && <MessagesTab onOpenAudit={setOpenAuditId} />}
        {active === 'subscribers' && <SubscribersTab />}
        {active === 'followup' && <FollowupTab />}
      </div>

      <AuditDetailsDialog auditId={openAuditId} onClose={() => setOpenAuditId(null)} />
    </main>
  )
}
