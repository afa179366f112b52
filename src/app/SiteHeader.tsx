import { useEffect, useRef, useState } from 'react'
import type { MouseEvent } from 'react'
import { Link, NavLink, useLocation } from 'react-router-dom'
import { messages } from '../config/messages'
import { auditPaths, paths, sections } from '../config/paths'
import { useSessionSummary } from '../backend/session-summary'
import { Logo } from '../components/Logo'
import { SectionLink } from '../components/SectionLink'
import { useSiteContent } from '../components/site-content'
import { useSignOut } from '../features/account/use-sign-out'
import { hasPortfolio } from '../features/home/PortfolioSection'
import './site-header.css'

/** The nav's section entries, in page order. */
const sectionLinks = [
  { section: sections.services, label: 'What I Do' },
  { section: sections.about, label: 'About' },
  { section: sections.pricing, label: 'Pricing' },
  { section: sections.portfolio, label: 'My Work' },
  { section: sections.contact, label: 'Get In Touch' },
] as const

export function SiteHeader() {
  const session = useSessionSummary()
  const location = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const { signingOut, signOut } = useSignOut()
  const toggle = useRef<HTMLButtonElement>(null)
  const closeMenu = () => setMenuOpen(false)
  const content = useSiteContent()
  // No case study and no testimonial: the home page has no "My work" section to go to.
  const shownLinks = hasPortfolio(content)
    ? sectionLinks
    : sectionLinks.filter((link) => link.section !== sections.portfolio)

  // Any navigation closes the menu (also Back/Forward, which no link click sees).
  const [seenKey, setSeenKey] = useState(location.key)
  if (seenKey !== location.key) {
    setSeenKey(location.key)
    setMenuOpen(false)
  }

  useEffect(() => {
    if (!menuOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      toggle.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])

  // Leaving an audit asks first, as the footer's links do; the answers stay on this device.
  const onAuditPage = auditPaths.includes(location.pathname)
  function leave(event: MouseEvent<HTMLAnchorElement>) {
    if (onAuditPage && !window.confirm(messages.leaveAudit)) {
      event.preventDefault()
      return
    }
    closeMenu()
  }

  function onSignOut() {
    closeMenu()
    void signOut()
  }

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <SectionLink section={sections.home} className="site-header__logo" onClick={leave}>
          <Logo />
          <span className="visually-hidden"> - home</span>
        </SectionLink>
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            {menuOpen ? (
              <path
                d="M6 6l12 12M18 6 6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            ) : (
              <path
                d="M4 7h16M4 12h16M4 17h16"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            )}
          </svg>
          <span className="menu-toggle__label">Menu</span>
        </button>
        <nav id="site-menu" aria-label="Main" className={`site-nav${menuOpen ? ' is-open' : ''}`}>
          <ul className="site-nav__list">
            {shownLinks.map((link) => (
              <li key={link.section}>
                <SectionLink section={link.section} className="site-nav__link" onClick={leave}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <NavLink
                to={paths.freeAudit}
                className="btn btn-accent site-nav__cta"
                onClick={closeMenu}
              >
                Free Audit
              </NavLink>
            </li>
            {session.signedIn ? (
              <>
                {session.isAdmin && (
                  <li>
                    <NavLink to={paths.auditAdmin} className="site-nav__link" onClick={leave}>
                      Console
                    </NavLink>
                  </li>
                )}
                <li>
                  <NavLink to={paths.dashboard} className="site-nav__link" onClick={leave}>
                    Dashboard
                  </NavLink>
                </li>
                <li>
                  <button
                    type="button"
                    className="site-nav__link site-nav__button"
                    onClick={onSignOut}
                    disabled={signingOut}
                  >
                    Sign Out
                  </button>
                </li>
              </>
            ) : (
              <li>
                <Link to={paths.login} className="site-nav__link" onClick={leave}>
                  Login
                </Link>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  )
}
