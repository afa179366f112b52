// Preview of the site's draft (the console's Site tab opens `/?preview=draft`): the real public
// pages, rendered in the browser with the draft instead of the live content the page arrived
// with, under a bar that says it is not live. Only the site admin can read the draft: for anyone
// else, or with no connection, the page stays the live site and the bar says why.
import { paths } from '../config/paths'
import type { SiteContent } from '../config/site-content'
import './site-preview.css'

/** The draft's content, or null when it cannot be read here (not the site admin, offline). */
export async function draftForPreview(): Promise<SiteContent | null> {
  const [{ pb }, { getSiteDraft }] = await Promise.all([
    import('../backend/client'),
    import('../backend/site-api'),
  ])
  if (!pb.authStore.isValid) return null
  try {
    return (await getSiteDraft(pb)).content
  } catch {
    return null
  }
}

/** The bar over a preview: what the visitor sees is the draft, or why it is not. */
export function PreviewBar({ shown }: { shown: boolean }) {
  return (
    <aside className="site-preview" aria-label="Preview">
      <p role="status">
        {shown
          ? 'Preview of your draft: visitors still see the live site until you publish.'
          : 'The draft could not be shown here (sign in as the site admin, with a connection). This is the live site.'}
      </p>
      {/* Outside the app's router (main.tsx renders the bar beside it): a plain link. */}
      <a href={`${paths.auditAdmin}?tab=site`} className="site-preview__back">
        Back to the Site tab
      </a>
    </aside>
  )
}
