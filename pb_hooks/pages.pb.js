/// <reference path="../.pb-types/types.d.ts" />
// Status codes for what PocketBase's static handler (--publicDir, a catch-all GET route) would
// answer with index.html and 200:
//   - an unknown path under /api/ answers a JSON 404, as PocketBase's own API errors do;
//   - a public page answers its prerendered HTML (/call -> call.html);
//   - another route of the app (/dashboard, /login, ...) answers the app shell, 200;
//   - any other page path answers the prerendered not-found page with 404.
// Files of the site (anything with an extension that exists) are served as before; a missing
// one answers 404. `/` stays PocketBase's: index.html is the prerendered home page.
//
// Priority 10: inside headers.pb.js (-1045) and compression.pb.js (0), so these answers carry
// the security and caching headers and are gzipped like the rest of the site.

routerUse(
  new Middleware((e) => {
    const request = e.request
    // Only the static handler's catch-all: every other route is a real API or dashboard route.
    if (request.pattern.indexOf('{path...}') < 0 || request.pattern.indexOf('/_/') >= 0) {
      return e.next()
    }
    const path = request.url.path
    if (path === '/api' || path.indexOf('/api/') === 0) {
      return e.json(404, { status: 404, message: "The requested resource wasn't found.", data: {} })
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return e.next()
    if (path === '/' || path === '/index.html') return e.next()

    const { isSiteFile, pageFor, readSiteFile } = /** @type {typeof import('./lib/pages.js')} */ (
      require(`${__hooks}/lib/pages.js`)
    )
    const page = pageFor(path)
    const name = path.slice(path.lastIndexOf('/') + 1)
    if (name.indexOf('.') >= 0) {
      // A file of the site: PocketBase serves it if it exists; a missing one is a plain 404,
      // unless the path is a page whose token has dots (the links in account and newsletter mail).
      if (isSiteFile(path.slice(1))) return e.next()
      if (page.status !== 200) return e.string(404, 'Not found')
    }

    const html = readSiteFile(page.file)
    // A build without the page files (an old or partial build): PocketBase's SPA fallback.
    if (html === null) return e.next()
    return e.html(page.status, html)
  }, 10),
)
