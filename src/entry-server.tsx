// The build's prerender entry (scripts/prerender.mjs): renders one public page of the app to
// HTML with React's static renderer, which waits for every lazy page, so the HTML holds the whole
// page. The browser then hydrates it (src/main.tsx) with the same tree.
import { StrictMode, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import { AppRouter } from './app/router'

import { paths } from './config/paths'
import { site } from './config/site'

export {
  APP_SHELL_FILE,
  newsletterArchivePage,
  notFoundPage,
  publicPages,
} from './config/public-pages'
export { professionalService } from './config/structured-data'

export const siteName = site.businessName

/**
 * The site's address: the one the build's environment gives (SITE_URL, else APP_URL: one address,
 * scripts/prerender.mjs), else src/config/site.ts's.
 */
export function siteUrl(fromEnvironment: string | undefined): string {
  return (fromEnvironment || site.url).replace(/\/+$/, '')
}

/** Pages for signed-in visitors and the owner: kept out of search engines (robots.txt). */
export const privatePaths = [paths.dashboard, paths.auditAdmin]

/** The HTML of the app at `url`, to go inside `<div id="root">`. */
export async function renderPage(url: string): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  )
  const errors: unknown[] = []
  const { prelude } = await prerender(
    <StrictMode>
      <AppRouter Router={Router} />
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  )
  if (errors.length > 0) throw errors[0]
  return new Response(prelude).text()
}
