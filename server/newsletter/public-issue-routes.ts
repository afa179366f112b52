// The newsletter issues' public routes (registered by pb_hooks/newsletter-issues.pb.js): a
// reader's click in an issue and the archive's pages. Apart from the console's routes, so an
// engine that answers a stranger's request loads only this, not the Markdown renderer (the
// archive shows each issue as it was rendered when sent).
import type { RequestEvent } from '../platform/events'
import { noStore, pathValue, queryParam } from '../platform/request'
import { archiveResponse, sitemap } from './archive'
import { verifiedClickTarget } from './issue-render'
import { recordClick } from './issue-results'

/** GET /api/newsletter/click?i=&u=&s=: counts a click, 302 to the signed address. */
export function click(e: RequestEvent): void {
  const issueId = queryParam(e, 'i')
  const target = verifiedClickTarget(e.app, issueId, queryParam(e, 'u'), queryParam(e, 's'))
  noStore(e)
  e.response.header().set('Referrer-Policy', 'no-referrer')
  if (!target) throw new BadRequestError('This link is not valid.')
  try {
    recordClick(e.app, issueId, target)
  } catch (err) {
    // A click that cannot be counted still goes where the reader wanted.
    e.app.logger().warn('newsletter: click not counted', 'issue', issueId, 'error', String(err))
  }
  return e.redirect(302, target)
}

/** Answers a GET of an archive page (the list for a null slug). */
function archivePage(e: RequestEvent, slug: string | null): void {
  const page = archiveResponse(e.app, slug)
  e.response.header().set('Cache-Control', 'no-cache')
  // A build without the archive's template (an old or partial build).
  if (page === null) return e.string(404, 'Not found')
  return e.html(page.status, page.html)
}

/** GET /newsletter and /newsletter/: every published issue. */
export function archiveList(e: RequestEvent): void {
  return archivePage(e, null)
}

/** GET /newsletter/{slug}: one published issue. */
export function archiveIssue(e: RequestEvent): void {
  return archivePage(e, pathValue(e, 'slug'))
}

/** GET /sitemap.xml: the build's sitemap plus the archive. */
export function sitemapXml(e: RequestEvent): void {
  const xml = sitemap(e.app)
  if (xml === null) return e.string(404, 'Not found')
  e.response.header().set('Cache-Control', 'no-cache')
  e.response.header().set('Content-Type', 'application/xml; charset=utf-8')
  return e.string(200, xml)
}
