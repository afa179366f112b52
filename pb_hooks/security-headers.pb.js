/// <reference path="../.pb-types/types.d.ts" />
// Security headers on every response (issue #12): the site, the SPA fallback, the API and
// error answers. Only security headers live here; caching and content types are
// pb_hooks/headers.pb.js's, so the two middlewares never set the same header.
//
// The Content-Security-Policy allows this origin only, plus the scheduler (src/config/site.ts
// `booking`: its widget script's origin and its booking page's origin, framed). No inline script or style is allowed: the built app has none,
// and React's `style` props go through the CSSOM, which CSP does not block.
// The PocketBase dashboard under /_/ keeps the CSP PocketBase gives it (it needs inline
// styles and its own origins); the other headers apply there too.
//
// Priority -1005: after PocketBase's own security-headers middleware (-1010, so DENY replaces
// its X-Frame-Options: SAMEORIGIN) and before its rate limiter (-1000, so a 429 carries these
// headers too).

routerUse(
  new Middleware((e) => {
    // Handlers run in isolated VMs: the policy is built inside the handler.
    const { SCHEDULER_FRAME_ORIGIN, SCHEDULER_SCRIPT_ORIGIN } = require(`${__hooks}/lib/shared.cjs`)

    const CONTENT_SECURITY_POLICY = [
      "default-src 'self'",
      `script-src 'self' ${SCHEDULER_SCRIPT_ORIGIN}`,
      "style-src 'self'",
      // Photos and social previews may come from any https origin; data: for inline SVG icons.
      "img-src 'self' data: https:",
      "font-src 'self'",
      "connect-src 'self'",
      `frame-src ${SCHEDULER_FRAME_ORIGIN}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
      "worker-src 'self'",
      "manifest-src 'self'",
    ].join('; ')

    // Features the site never uses are switched off for it and for anything it embeds.
    const PERMISSIONS_POLICY = [
      'accelerometer=()',
      'autoplay=()',
      'camera=()',
      'display-capture=()',
      'geolocation=()',
      'gyroscope=()',
      'hid=()',
      'magnetometer=()',
      'microphone=()',
      'midi=()',
      'payment=()',
      'publickey-credentials-get=()',
      'screen-wake-lock=()',
      'serial=()',
      'usb=()',
      'xr-spatial-tracking=()',
      'browsing-topics=()',
    ].join(', ')

    const path = e.request.url.path
    const dashboard = path === '/_' || path.indexOf('/_/') === 0
    const headers = e.response.header()
    if (!dashboard) headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('Permissions-Policy', PERMISSIONS_POLICY)
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    // PocketBase sends the legacy "1; mode=block"; the XSS auditor it switched on is gone from
    // browsers and could itself leak data (OWASP: send 0 and rely on the CSP).
    headers.set('X-XSS-Protection', '0')
    return e.next()
  }, -1005),
)
