// The console's own frame: a compact top bar (the site, "Console", the status line of
// console-tabs.ts's consoleStatusItems such as mail health, Sign out) with the tab bar under it,
// the app's notices, then the page. The tab bar scrolls sideways on a phone, keeps the current
// tab in view and shows a fade where more tabs are, so any number of tabs fits 320 px.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '../../config/paths'
import { Logo } from '../../components/Logo'
import { consoleStatusItems, type ConsoleTab } from './console-tabs'

export interface SignOutControl {
  busy: boolean
  run: () => void
}

interface ConsoleShellProps {
  tabs: readonly ConsoleTab[]
  activeId: string
  hrefOf: (tabId: string) => string
  notices?: ReactNode
  signOut: SignOutControl
  children: ReactNode
}

export function ConsoleShell({
  tabs,
  activeId,
  hrefOf,
  notices,
  signOut,
  children,
}: ConsoleShellProps) {
  return (
    <div className="admin-console">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="admin-top">
        <div className="admin-top__row">
          <Link to={paths.home} className="admin-top__site">
            <Logo />
            <span className="visually-hidden"> - the website</span>
          </Link>
          <span className="admin-top__name" aria-hidden="true">
            Console
          </span>
          <div className="admin-top__status">
            {consoleStatusItems.map(({ id, Item }) => (
              <Item key={id} />
            ))}
          </div>
          <button
            type="button"
            className="admin-top__signout"
            onClick={signOut.run}
            disabled={signOut.busy}
          >
            Sign out
          </button>
        </div>
        <TabBar tabs={tabs} activeId={activeId} hrefOf={hrefOf} />
      </header>
      {notices && <div className="admin-notices">{notices}</div>}
      <main id="main" tabIndex={-1} className="admin-main">
        {children}
      </main>
    </div>
  )
}

/** Links, not ARIA tabs: each tab is an address of its own (Back, reload, a new browser tab). */
function TabBar({
  tabs,
  activeId,
  hrefOf,
}: {
  tabs: readonly ConsoleTab[]
  activeId: string
  hrefOf: (tabId: string) => string
}) {
  const list = useRef<HTMLUListElement>(null)
  const [more, setMore] = useState({ before: false, after: false })

  // The current tab in view, and a fade on the side(s) where tabs are scrolled out of sight.
  useEffect(() => {
    const el = list.current
    if (!el) return
    const current = el.querySelector<HTMLElement>('[aria-current="page"]')
    if (current) {
      const left = current.offsetLeft - el.offsetLeft
      if (left < el.scrollLeft || left + current.offsetWidth > el.scrollLeft + el.clientWidth)
        el.scrollLeft = left - (el.clientWidth - current.offsetWidth) / 2
    }
    const measure = () =>
      setMore({
        before: el.scrollLeft > 2,
        after: el.scrollLeft + el.clientWidth < el.scrollWidth - 2,
      })
    measure()
    el.addEventListener('scroll', measure, { passive: true })
    window.addEventListener('resize', measure)
    return () => {
      el.removeEventListener('scroll', measure)
      window.removeEventListener('resize', measure)
    }
  }, [activeId])

  const classes = ['admin-tabs']
  if (more.before) classes.push('admin-tabs--more-before')
  if (more.after) classes.push('admin-tabs--more-after')
  return (
    <nav className={classes.join(' ')} aria-label="Console">
      <ul ref={list} className="admin-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={hrefOf(tab.id)}
              className="admin-tab"
              aria-current={tab.id === activeId ? 'page' : undefined}
            >
              {tab.label}
              {tab.Count && <tab.Count />}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
