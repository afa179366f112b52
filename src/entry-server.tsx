// The build's prerender entry (scripts/prerender.mjs): renders one public page of the app to
// HTML with React's static renderer, which waits for every lazy page, so the HTML holds the whole
// page, from the site's content it is given. The browser then hydrates it (src/main.tsx) with the
// same tree and the same content, which the page carries.
import { StrictMode, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import { AppRouter } from './app/router'
import { SiteContentProvider } from './components/site-content'
import { paths } from './config/paths'
import { site } from './config/site'
import type { SiteContent } from './config/site-content'
import {
  newsletterArchivePage,
  notFoundPageFor,
  publicPagesFor,
  type PublicPage,
} from './config/public-pages'

export {
  APP_SHELL_FILE,
  newsletterArchivePage,
  notFoundPage,
  publicPages,
} from './config/public-pages'
export { SITE_CONTENT_DEFAULTS } from './config/site-content'
export { SITE_CONTENT_ELEMENT_ID } from './config/site-content-helpers'
export { professionalService } from './config/structured-data'

/** The site's name in share cards (og:site_name and the share image). */
export function siteNameOf(content: SiteContent): string {
  return content.businessName
}

/**
 * The site's address: the one the build's environment gives (SITE_URL, else APP_URL: one address,
 * scripts/prerender.mjs), else src/config/site.ts's.
 */
export function siteUrl(fromEnvironment: string | undefined): string {
  return (fromEnvironment || site.url).replace(/\/+$/, '')
}

/** A prerendered page: its path and file, and the head and share card it gets. */
export interface PrerenderedPage extends PublicPage {
  /** The canonical URL's path, when it is not `path` (the newsletter archive's template). */
  canonicalPath?: string
}

/**
 * Every page rendered to HTML, with heads that say what `content` says: the public pages, the
 * not-found page and the newsletter archive's template (rendered at its path; its head and
 * content are placeholders the server fills on each request).
 */
export function prerenderedPages(content: SiteContent): PrerenderedPage[] {
  const archive = newsletterArchivePage
  return [
    ...publicPagesFor(content),
    notFoundPageFor(content),
    {
      path: archive.path,
      file: archive.file,
      inSitemap: false,
      title: archive.placeholders.title,
      description: archive.placeholders.description,
      headline: archive.headline,
      canonicalPath: archive.placeholders.path,
    },
  ]
}

/** Pages for signed-in visitors and the owner: kept out of search engines (robots.txt). */
export const privatePaths = [paths.dashboard, paths.auditAdmin]

/** The HTML of the app at `url` showing `content`, to go inside `<div id="root">`. */
export async function renderPage(url: string, content: SiteContent): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  )
  const errors: unknown[] = []
  const { prelude } = await prerender(
    <StrictMode>
      <SiteContentProvider content={content}>
        <AppRouter Router={Router} />
      </SiteContentProvider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  )
  if (errors.length > 0) throw errors[0]
  return streamText(prelude)
}

/**
 * A stream's text, read without `Response`: a publish renders under `node --jitless`, where the
 * fetch machinery behind `Response` cannot load (it needs WebAssembly).
 */
async function streamText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    text += decoder.decode(value, { stream: true })
  }
}
