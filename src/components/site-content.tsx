// The site's content (src/config/site-content.ts) as the pages read it: one value given at the
// top of the app, by the build's render from the version it renders and by the browser from the
// page it arrived with (readPageContent), so a page shows the consultant's facts and words as
// published and hydrates to the same HTML.
import { createContext, use, type ReactNode } from 'react'
import type { SiteContent } from '../config/site-content'
import { SITE_CONTENT_ELEMENT_ID } from '../config/site-content-helpers'

const SiteContentContext = createContext<SiteContent | null>(null)

export function SiteContentProvider({
  content,
  children,
}: {
  content: SiteContent
  children: ReactNode
}) {
  return <SiteContentContext value={content}>{children}</SiteContentContext>
}

/** The content the page shows. */
export function useSiteContent(): SiteContent {
  const content = use(SiteContentContext)
  if (!content) throw new Error('useSiteContent: no SiteContentProvider above this component')
  return content
}

/**
 * The content the page was rendered with, from its `<script type="application/json"
 * id="site-content">`; null when it has none (the dev server's index.html) or it does not read
 * as JSON. Not checked field by field: the server checked it before publishing, and the build
 * wrote it with the page it rendered from it.
 */
export function readPageContent(doc: Document): SiteContent | null {
  const text = doc.getElementById(SITE_CONTENT_ELEMENT_ID)?.textContent
  if (!text) return null
  try {
    const content: unknown = JSON.parse(text)
    return content && typeof content === 'object' && !Array.isArray(content)
      ? (content as SiteContent)
      : null
  } catch {
    return null
  }
}
