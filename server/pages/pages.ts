// Which file of the built site answers a page request, and with which status (the middleware of
// pb_hooks/pages.pb.js): the prerendered public pages (scripts/prerender.mjs) for their paths,
// the app shell for the other routes of src/config/paths.ts (one route table), the not-found
// page with 404 for any other path. PocketBase's static handler would answer all of them with
// index.html and 200.
import { isAppRoute } from '../../src/config/paths'
import { APP_SHELL_FILE, notFoundPage, publicPages } from '../../src/config/public-pages'
import type { RequestEvent } from '../platform/events'
import { requestPath } from './request-path'
import { liveDir } from '../site/index'
import { isFile } from '../platform/files'
import { isSiteFile, readSiteFile } from './site-files'

/** The file that answers a page and the status it answers with. */
export interface PageAnswer {
  file: string
  status: number
}

/** `/call/` and `/call` are the same page. */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/** How to answer a GET of `path` that no file and no API route answers. */
export function pageFor(path: string): PageAnswer {
  const page = withoutTrailingSlash(path)
  for (let i = 0; i < publicPages.length; i++) {
    if (publicPages[i].path === page) return { file: publicPages[i].file, status: 200 }
  }
  if (isAppRoute(page)) return { file: APP_SHELL_FILE, status: 200 }
  return { file: notFoundPage.file, status: 404 }
}

/**
 * Status codes for what the static handler (a catch-all GET route) would answer with index.html:
 * an unknown path under /api/ answers a JSON 404, as PocketBase's own API errors do; a public
 * page its prerendered HTML; another route of the app the app shell; any other page path the
 * not-found page with 404. Files of the site are served as before (a missing one: 404), and `/`
 * stays PocketBase's: index.html is the prerendered home page.
 */
export function answerPage(e: RequestEvent, next: () => void = () => e.next()): void {
  const request = e.request
  // Only the static handler's catch-all: every other route is a real API or dashboard route.
  if (request.pattern.indexOf('{path...}') < 0 || request.pattern.indexOf('/_/') >= 0) {
    return next()
  }
  const path = requestPath(e)
  if (path === '/api' || path.indexOf('/api/') === 0) {
    return e.json(404, { status: 404, message: "The requested resource wasn't found.", data: {} })
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return next()
  const live = liveDir(e.app)
  if (path === '/' || path === '/index.html') {
    // The home page as the last publish rendered it, else PocketBase's (the build's).
    const home = live ? readSiteFile(e.app, 'index.html') : null
    return home === null ? next() : e.html(200, home)
  }

  const page = pageFor(path)
  const name = path.slice(path.lastIndexOf('/') + 1)
  if (name.indexOf('.') >= 0) {
    // A file the last publish rendered (a page, a share card, the sitemap, the service worker):
    // its copy. Another file of the site: PocketBase serves it if it exists; a missing one is a
    // plain 404, unless the path is a page whose token has dots (the links in account and
    // newsletter mail).
    if (live && path.indexOf('..') < 0 && isFile(`${live}${path}`)) {
      return e.blob(200, contentTypeOf(name), $os.readFile(`${live}${path}`))
    }
    if (isSiteFile(path.slice(1))) return next()
    if (page.status !== 200) return e.string(404, 'Not found')
  }

  const html = readSiteFile(e.app, page.file)
  // A build without the page files (an old or partial build): PocketBase's SPA fallback.
  if (html === null) return next()
  return e.html(page.status, html)
}

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  json: 'application/json',
}

/** The type of a file a publish renders, by its extension. */
function contentTypeOf(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase()
  return CONTENT_TYPES[extension] || 'application/octet-stream'
}
