/// <reference path="../../.pb-types/types.d.ts" />
// Every header this site adds to a response (pb_hooks/headers.pb.js sets them on every request;
// pb_hooks/request-limits.pb.js on the refusals it answers before that middleware runs). See
// headers.pb.js for what each is for.

/**
 * Sets the security, caching and content-type headers of the response to `e`.
 * @param {core.RequestEvent} e
 */
function setResponseHeaders(e) {
  const { SCHEDULER_FRAME_ORIGIN, SCHEDULER_SCRIPT_ORIGIN } = require('./shared.cjs')

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
  /** @param {string} path */
  function isSiteFile(path) {
    try {
      return !$os.stat(publicDir() + path).isDir()
    } catch (_err) {
      return false
    }
  }

  /** The headers for a static-site response at `path`; none for API and dashboard routes. */
  /**
   * @param {string} path
   * @returns {Record<string, string>}
   */
  function headersFor(path) {
    if (
      path === '/api' ||
      path.indexOf('/api/') === 0 ||
      path === '/_' ||
      path.indexOf('/_/') === 0
    ) {
      return {}
    }

    /** @type {Record<string, string>} */
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

  const path = e.request.url.path
  const responseHeaders = e.response.header()
  const site = headersFor(path)
  for (const name in site) responseHeaders.set(name, site[name])
  const dashboard = path === '/_' || path.indexOf('/_/') === 0
  if (!dashboard) responseHeaders.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
  responseHeaders.set('X-Content-Type-Options', 'nosniff')
  responseHeaders.set('X-Frame-Options', 'DENY')
  responseHeaders.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  responseHeaders.set('Permissions-Policy', PERMISSIONS_POLICY)
  responseHeaders.set('Cross-Origin-Opener-Policy', 'same-origin')
  // PocketBase sends the legacy "1; mode=block"; the XSS auditor it switched on is gone from
  // browsers and could itself leak data (OWASP: send 0 and rely on the CSP).
  responseHeaders.set('X-XSS-Protection', '0')
}

module.exports = { setResponseHeaders }
