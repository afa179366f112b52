/// <reference path="../.pb-types/types.d.ts" />
// Response headers for the static site (the built PWA that PocketBase serves from --publicDir).
// One global middleware; `headersFor(path)` builds the whole header set for a request path, so
// other concerns (security headers, CSP) are added there as more entries, not as more hooks.
// /api/ and /_/ (the PocketBase dashboard) are left exactly as PocketBase answers them.

routerUse((e) => {
  // Handlers run in isolated VMs: helpers live inside the handler, not at file level.

  /** The directory PocketBase serves the site from (its --publicDir flag or its default). */
  function publicDir() {
    const args = $os.args
    for (let i = 1; i < args.length; i++) {
      const arg = args[i].replace(/^--?/, '')
      if (arg.indexOf('publicDir=') === 0) return arg.slice('publicDir='.length)
      if (arg === 'publicDir') return args[i + 1]
    }
    return args[0].replace(/[^/\\]*$/, '') + 'pb_public'
  }

  /** Whether `path` names a real file of the site (a missing one gets the SPA's index.html). */
  function isSiteFile(path) {
    try {
      return !$os.stat(publicDir() + path).isDir()
    } catch (_err) {
      return false
    }
  }

  /** The headers for a static-site response at `path`; none for API and dashboard routes. */
  function headersFor(path) {
    if (
      path === '/api' ||
      path.indexOf('/api/') === 0 ||
      path === '/_' ||
      path.indexOf('/_/') === 0
    ) {
      return {}
    }

    const headers = {}

    // Caching: fingerprinted build output never changes under its name, so browsers keep it a
    // year. Everything else (index.html and the SPA fallback for app routes, sw.js,
    // registerSW.js, workbox-*.js, the manifest, icons) is revalidated on every use, so a
    // deploy is always seen and the service worker can offer the update. A missing asset is
    // answered with index.html by PocketBase: that must never be cached as the asset for a year.
    if (path.indexOf('/assets/') === 0 && isSiteFile(path)) {
      headers['Cache-Control'] = 'public, max-age=31536000, immutable'
    } else {
      headers['Cache-Control'] = 'no-cache'
    }

    // PocketBase serves .webmanifest as text/plain; browsers expect the manifest type.
    if (/\.webmanifest$/.test(path)) {
      headers['Content-Type'] = 'application/manifest+json'
    }

    return headers
  }

  const headers = headersFor(e.request.url.path)
  const responseHeaders = e.response.header()
  for (const name in headers) responseHeaders.set(name, headers[name])
  return e.next()
})
