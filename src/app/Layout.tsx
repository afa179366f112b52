import { useEffect } from 'react'
import { Outlet, useLocation, useNavigationType } from 'react-router-dom'
import { useSessionSummary } from '../backend/session-summary'
import { OutboxStatus } from '../components/OutboxStatus'
import { ScrollToTopButton } from '../components/ScrollToTopButton'
import { SiteFooter } from '../components/SiteFooter'
import { RouteErrorBoundary } from './RouteError'
import { PwaNotices } from './pwa/PwaNotices'
import { SiteHeader } from './SiteHeader'
import { usePrefetchWhenIdle } from '../components/prefetch'

// The code that queues a submission (outbox, IndexedDB): in memory soon after the first page,
// so a form sent after the signal drops never needs the network to load it.
const loadOutbox = () => import('../offline/app-outbox')

/**
 * Every page: skip link, navigation, the notices (outbox status, update and install offers),
 * the page, footer and the floating scroll-to-top button (the only floating element).
 */
export function Layout() {
  const { key, hash } = useLocation()
  const navigationType = useNavigationType()
  usePrefetchWhenIdle(loadOutbox)
  // The funnel's one visit of this browser session (anonymous; see src/offline/funnel.ts), and
  // a mail link's token (src/offline/mail-link.ts).
  useEffect(() => {
    import('../offline/funnel').then((m) => m.onLanding()).catch(() => undefined)
  }, [])
  // While signed in, the saved user record as the server has it now, so the navigation shows
  // "Console" as soon as the account is made an admin (checked on opening, and on coming back to
  // the app). Loaded after the first paint: the page does not wait for it.
  const { signedIn } = useSessionSummary()
  useEffect(() => {
    if (!signedIn) return
    let stop: (() => void) | undefined
    let cancelled = false
    import('../backend/session-freshness')
      .then((m) => {
        if (!cancelled) stop = m.watchSessionRecord()
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
      stop?.()
    }
  }, [signedIn])

  // A new page starts at its top (links to a section scroll there instead; Back restores).
  useEffect(() => {
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0)
  }, [key, hash, navigationType])

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      {/* In the page's flow, never floating over it: what waits to be sent, the update offer,
          the install offer. */}
      <div className="site-notices container">
        <OutboxStatus page={key} />
        <PwaNotices />
      </div>
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
      <SiteFooter />
      <ScrollToTopButton />
    </>
  )
}
