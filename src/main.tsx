// The tokens and base styles first: every stylesheet after them builds on them.
import './styles/global.css'
import { startTransition, StrictMode, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { AppRouter } from './app/router'
import { APP_VERSION } from './app/pwa/app-version'
import { registerServiceWorker } from './app/pwa/register-sw'
import { readPageContent, SiteContentProvider } from './components/site-content'
import type { SiteContent } from './config/site-content'
import { keepUnhandledEventsFromReact } from './app/unhandled-events'

/** `?preview=draft`: the console's preview of the site's draft (./app/site-preview.tsx). */
function isDraftPreview(search: string): boolean {
  return new URLSearchParams(search).get('preview') === 'draft'
}

// Which build is running, for support and the update test (see VITE_APP_VERSION in vite.config.ts).
document.documentElement.dataset.appVersion = APP_VERSION

function start(content: SiteContent, preview?: ReactNode) {
  const container = document.getElementById('root')!
  keepUnhandledEventsFromReact(container)
  const app = (
    <StrictMode>
      <SiteContentProvider content={content}>
        <AppRouter />
        {preview}
      </SiteContentProvider>
    </StrictMode>
  )
  // A preview shows other words than the page's HTML: rendered afresh, not hydrated.
  if (preview) container.replaceChildren()

  // A public page arrives prerendered (scripts/prerender.mjs): React takes over its HTML. The app
  // shell of the other pages arrives empty: React renders into it. Either way as a transition, so
  // the work yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page (Total Blocking Time on a slow phone).
  startTransition(() => {
    if (container.firstElementChild) {
      hydrateRoot(container, app, {
        // A page that hydrates differently from its HTML is rendered again in the browser; say so
        // (tests/e2e/prerender.spec.ts fails on it).
        onRecoverableError: (error, info) =>
          console.error('Hydration error:', error, info.componentStack ?? ''),
      })
    } else {
      createRoot(container).render(app)
    }
  })
}

// The content the page was rendered with: every built page carries it. The dev server's
// index.html does not; the first version then comes as a chunk of its own, so the built entry
// never carries its values.
const pageContent = readPageContent(document)
const firstVersion = () =>
  import('./config/site-content').then((module) => module.SITE_CONTENT_DEFAULTS)
if (isDraftPreview(window.location.search)) {
  // The console's Preview: the draft on the real pages, for the site admin (app/site-preview).
  void import('./app/site-preview').then(async ({ draftForPreview, PreviewBar }) => {
    const draft = await draftForPreview()
    start(draft ?? pageContent ?? (await firstVersion()), <PreviewBar shown={draft !== null} />)
  })
} else if (pageContent) start(pageContent)
else void firstVersion().then((content) => start(content))

registerServiceWorker()
