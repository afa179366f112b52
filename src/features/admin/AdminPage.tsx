// /audit-admin: the consultant's console, in its own shell (ConsoleShell.tsx: no public header
// or footer). Only a signed-in user with isAdmin sees it; the collection rules and the admin
// routes are the real guard, this page only reflects them. The tab (`?tab=`) and the open person
// (`?person=`) live in the address, so Back, reload and a link in a new tab all work.
import { Suspense, useMemo, useState, type ReactNode } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router-dom'
import { paths, withNext } from '../../config/paths'
import { useSession } from '../../backend/session'
import { useSiteContent } from '../../components/site-content'
import { AuditDetailsDialog } from './AuditDetails'
import { ConsoleShell, type SignOutControl } from './ConsoleShell'
import { consoleHref, consoleTabs } from './console-tabs'
import { PersonView } from './PersonView'
import { LoadingState } from './StatusMessage'
import { ConsoleContext, type ConsoleActions } from './use-console'
import { useAdminAccess } from './use-admin'
import './admin.css'
import './people.css'

export interface AdminPageProps {
  /** The app's notices (what waits to be sent, the update offer), shown under the top bar. */
  notices?: ReactNode
  signOut: SignOutControl
}

export default function AdminPage({ notices, signOut }: AdminPageProps) {
  const access = useAdminAccess()
  if (access === 'signed-out')
    return <Navigate to={withNext(paths.login, paths.auditAdmin)} replace />
  if (access === 'checking') {
    return (
      <main className="container admin" id="main">
        <LoadingState />
      </main>
    )
  }
  if (access === 'not-admin') return <NotAuthorised />
  return <Console notices={notices} signOut={signOut} />
}

function NotAuthorised() {
  const { user } = useSession()
  const { businessName } = useSiteContent()
  return (
    <main className="container narrow admin" id="main">
      <title>{`Not authorised · ${businessName}`}</title>
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

function Console({ notices, signOut }: AdminPageProps) {
  const [params] = useSearchParams()
  const tab = consoleTabs.find((t) => t.id === params.get('tab')) ?? consoleTabs[0]
  const personId = params.get('person')
  const [openAuditId, setOpenAuditId] = useState<string | null>(null)
  const { businessName } = useSiteContent()
  const actions = useMemo<ConsoleActions>(
    () => ({
      openAudit: setOpenAuditId,
      personHref: (id) => consoleHref(tab.id, id),
    }),
    [tab.id],
  )
  const { Panel } = tab

  return (
    <ConsoleContext.Provider value={actions}>
      <title>{`${personId ? 'Person' : tab.title} · Console · ${businessName}`}</title>
      <meta name="robots" content="noindex" />
      <ConsoleShell
        tabs={consoleTabs}
        activeId={tab.id}
        hrefOf={(id) => consoleHref(id)}
        notices={notices}
        signOut={signOut}
      >
        {personId ? (
          <PersonView
            key={personId}
            personId={personId}
            backHref={consoleHref(tab.id)}
            backLabel={`Back to ${tab.label}`}
          />
        ) : (
          <>
            <h1 className={tab.titleHidden ? 'visually-hidden' : 'admin-title'}>{tab.title}</h1>
            <Suspense fallback={<LoadingState />}>
              <Panel key={tab.id} />
            </Suspense>
          </>
        )}
      </ConsoleShell>
      <AuditDetailsDialog auditId={openAuditId} onClose={() => setOpenAuditId(null)} />
    </ConsoleContext.Provider>
  )
}
