/// <reference path="../.pb-types/types.d.ts" />
// Every header this site adds to a response, in one middleware (compression.pb.js only adds
// Content-Encoding and Vary when it gzips).
//
// Security headers on every response: the site, the SPA fallback, the API and error answers.
// The Content-Security-Policy allows this origin only, plus the scheduler (src/config/site.ts
// `booking`: its widget script's origin and its booking page's origin, framed). No inline script
// or style is allowed: the built app has none, and React's `style` props go through the CSSOM,
// which CSP does not block. The PocketBase dashboard under /_/ keeps the CSP PocketBase gives it
// (it needs inline styles and its own origins); the other security headers apply there too.
//
// Caching and content types for the static site (the built PWA served from --publicDir); /api/
// and /_/ are left as PocketBase answers them.
//
// Priority -1045: before PocketBase's CORS middleware (-1041), which answers a preflight OPTIONS
// request itself, so that answer carries these headers too, as does every later refusal (413,
// 429). PocketBase's own security-headers middleware (X-Frame-Options: SAMEORIGIN and the legacy
// X-XSS-Protection) is removed: it would run after this one and undo DENY and "0".

// (onServe is not among the hooks' globals; the app's own hook is.)
$app.onServe().bindFunc((/** @type {core.ServeEvent} */ e) => {
  e.router.unbind('pbSecurityHeaders')
  return e.next()
})

routerUse(
  new Middleware((e) => {
    const responseHeaders = /** @type {typeof import('./lib/response-headers.js')} */ (
      require(`${__hooks}/lib/response-headers.js`)
    )
    responseHeaders.setResponseHeaders(e)
    return e.next()
  }, -1045),
)
