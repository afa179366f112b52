// The site's content for a test that renders a component reading it (useSiteContent): the first
// version, or the content the test gives.
import type { ReactElement } from 'react'
import { SiteContentProvider } from '../../../src/components/site-content'
import { SITE_CONTENT_DEFAULTS, type SiteContent } from '../../../src/config/site-content'

export function withSiteContent(
  ui: ReactElement,
  content: SiteContent = SITE_CONTENT_DEFAULTS,
): ReactElement {
  return <SiteContentProvider content={content}>{ui}</SiteContentProvider>
}
