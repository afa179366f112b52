import { Link, useLocation } from 'react-router-dom'
import { useSyncExternalStore, type MouseEvent } from 'react'
import { messages } from '../config/messages'
import { auditPaths, paths } from '../config/paths'
import { mailtoHref } from '../config/email-address'
import { phoneHref } from '../config/site-content-helpers'
import { Logo } from './Logo'
import { NewsletterForm } from './NewsletterForm'
import { useSiteContent } from './site-content'
import { SocialLinks } from './SocialLinks'
import './site-footer.css'

// The year the site was built in (vite.config.ts): what the prerendered pages say, so the
// browser's first render (hydration) says it too, then today's year.
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear()
const noChanges = () => () => undefined

function useCurrentYear(): number {
  return useSyncExternalStore(
    noChanges,
    () => new Date().getFullYear(),
    () => BUILD_YEAR,
  )
}

export function SiteFooter() {
  const year = useCurrentYear()
  const content = useSiteContent()
  const { pathname } = useLocation()
  const onAuditPage = auditPaths.includes(pathname)

  function confirmExit(event: MouseEvent<HTMLAnchorElement>) {
    if (!window.confirm(messages.leaveAudit)) event.preventDefault()
  }

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo tone="light" />
          <p>{content.tagline}</p>
          <SocialLinks tone="light" />
        </div>
        <div className="site-footer__newsletter">
          <h2 className="site-footer__heading">Business growth tips</h2>
          <p>One short, practical email a month. No spam, unsubscribe any time.</p>
          <NewsletterForm source="footer" variant="footer" />
          <p className="site-footer__archive">
            <Link to={paths.newsletterArchive}>Read past issues</Link>
          </p>
        </div>
        <nav className="site-footer__links" aria-label="Footer">
          <h2 className="site-footer__heading">Contact</h2>
          <ul>
            {onAuditPage && (
              <li>
                <Link to={paths.home} onClick={confirmExit}>
                  Home
                </Link>
              </li>
            )}
            <li>
              <a href={mailtoHref(content.email)}>{content.email}</a>
            </li>
            <li>
              <a href={phoneHref(content)}>{content.phone}</a>
            </li>
            <li>{content.location}</li>
            <li>
              <Link to={paths.privacy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.terms}>Terms of Service</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {year} {content.businessName}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
