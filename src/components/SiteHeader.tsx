import { useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom'
import { paths, sections } from '../app/paths'
import { useSessionSummary } from '../backend/session-summary'
import { Logo } from './Logo'
import { SectionLink } from './SectionLink'

/** The six nav entries of SPEC.md §2, in order. */
const sectionLinks = [
  { section: sections.services, label: 'What I Do' },
  { section: sections.about, label: 'About' },
  { section: sections.pricing, label: 'Pricing' },
  { section: sections.portfolio, label: 'My Work' },
  { section: sections.contact, label: 'Get In Touch' },
] as const

function unsentWarning(count: number): string {
  const what = count === 1 ? 'One of your audits has' : `${count} of your audits have`
  return `${what} not been sent yet. Signing out deletes ${count === 1 ? 'it' : 'them'} from this device. Sign out anyway?`
}

export function SiteHeader() {
  const session = useSessionSummary()
  const navigate = useNavigate()
  const location = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const [signingOut, setSigningOut] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const closeMenu = () => setMenuOpen(false)

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

  async function onSignOut() {
    closeMenu()
    setSigningOut(true)
    try {
      const [{ signOut }, { countUnsentForUser }] = await Promise.all([
        import('../backend/session'),
        import('../offline/user-data'),
      ])
      // Signing out deletes this user's unsent audits from the device: ask first.
      const unsent = session.userId ? await countUnsentForUser(session.userId) : 0
      if (unsent > 0 && !window.confirm(unsentWarning(unsent))) return
      await signOut()
      navigate(paths.home)
    } catch (err) {
      console.error('Sign out failed', err)
    } finally {
      setSigningOut(false)
    }
  }

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <SectionLink section={sections.home} className="site-header__logo" onClick={closeMenu}>
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
            {sectionLinks.map((link) => (
              <li key={link.section}>
                <SectionLink section={link.section} className="site-nav__link" onClick={closeMenu}>
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
                <li>
                  <NavLink to={paths.dashboard} className="site-nav__link" onClick={closeMenu}>
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
                <Link to={paths.login} className="site-nav__link" onClick={closeMenu}>
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
