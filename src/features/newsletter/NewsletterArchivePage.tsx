// `/newsletter` and `/newsletter/:slug`: the public archive. The server sends each page whole
// (server/newsletter/archive.ts fills the build's template), so it reads without
// JavaScript; the content of #newsletter-archive is the server's, and this page takes it over
// as it is. Reached from another page of the app, it fetches that HTML (the service worker
// keeps each page opened for offline reading). The sign-up form sits under every page.
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { fetchArchivePage, type ArchivePage } from '../../backend/newsletter-issues-api'
import { paths } from '../../config/paths'
import { ARCHIVE_CONTENT_ID, ARCHIVE_PLACEHOLDERS } from '../../config/newsletter-archive'
import { keepForOffline } from './keep-for-offline'
import './newsletter-archive.css'

type Shown = { path: string; page: ArchivePage | 'loading' }

// The document's own content belongs to the first archive page rendered in it (hydration);
// any later one is fetched.
let serverContentTaken = false

/** The content the server sent with this document, once; the build's marker when prerendering. */
function takeServerContent(path: string): Shown {
  if (typeof document === 'undefined') {
    return { path, page: { status: 200, html: ARCHIVE_PLACEHOLDERS.content, title: '' } }
  }
  const element = serverContentTaken ? null : document.getElementById(ARCHIVE_CONTENT_ID)
  serverContentTaken = true
  if (!element) return { path, page: 'loading' }
  return { path, page: { status: 200, html: element.innerHTML, title: document.title } }
}

/**
 * `signup`: the sign-up form, given by the router, which has it in the site's main bundle for
 * the footer already (importing it here would split the home page's code into more files).
 */
export default function NewsletterArchivePage({ signup }: { signup: ReactNode }) {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const path = pathname.replace(/\/+$/, '') || paths.newsletterArchive
  const [shown, setShown] = useState<Shown>(() => takeServerContent(path))
  const [round, setRound] = useState(0)
  const current = shown.path === path ? shown.page : 'loading'

  useEffect(() => {
    keepForOffline(path)
  }, [path])

  useEffect(() => {
    if (shown.path === path && shown.page !== 'loading' && round === 0) return
    let live = true
    void fetchArchivePage(path, ARCHIVE_CONTENT_ID).then((page) => {
      if (!live) return
      setShown({ path, page })
      if (page.status === 200 && page.title) document.title = page.title
    })
    return () => {
      live = false
    }
    // `shown` is what this effect sets: only a new path or a retry loads again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, round])

  /** Issue links inside the server's content open here, without reloading the app. */
  function onContentClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = (event.target as Element).closest('a')
    const href = link?.getAttribute('href') ?? ''
    if (!href.startsWith(`${paths.newsletterArchive}`) || link?.target) return
    event.preventDefault()
    navigate(href)
    window.scrollTo(0, 0)
  }

  return (
    <main className="container archive" id="main">
      {current === 'loading' ? (
        <p className="archive-state" role="status">
          Loading...
        </p>
      ) : current.status === 200 ? (
        <div
          id={ARCHIVE_CONTENT_ID}
          className="archive-content"
          onClick={onContentClick}
          dangerouslySetInnerHTML={{ __html: current.html }}
        />
      ) : (
        <ArchiveProblem
          page={current}
          onRetry={() => {
            setShown({ path, page: 'loading' })
            setRound((r) => r + 1)
          }}
        />
      )}
      <section className="archive-signup" aria-labelledby="archive-signup-title">
        <h2 id="archive-signup-title">Get the next issue by e-mail</h2>
        <p>One short, practical e-mail a month. No spam, unsubscribe any time.</p>
        {signup}
      </section>
    </main>
  )
}

function ArchiveProblem({ page, onRetry }: { page: ArchivePage; onRetry: () => void }) {
  if (page.status === 404) {
    return (
      <div className="archive-state">
        <h1>Issue not found</h1>
        <p>
          There is no newsletter issue at this address.{' '}
          <Link to={paths.newsletterArchive}>See every issue</Link>.
        </p>
      </div>
    )
  }
  return (
    <div className="archive-state" role="alert">
      <h1>Newsletter</h1>
      <p>
        {page.status === 'offline'
          ? "You're offline, and this page was not saved on this device yet. It will be once you open it with a connection."
          : 'The newsletter could not be loaded. Please try again in a moment.'}
      </p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
