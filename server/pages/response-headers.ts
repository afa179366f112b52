// Every header this site adds to a response, in one place: the middleware of
// pb_hooks/headers.pb.js sets them on every request, and server/limits/ on the refusals it
// answers before that middleware runs (compression only adds Content-Encoding and Vary).
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
import { site } from '../../src/config/site'
import type { RequestEvent } from '../platform/events'
import { requestPath } from './request-path'
import { isSiteFile } from './site-files'

/** The scheduler's script origin (no URL class in the hooks' engine: cut from the string). */
const SCHEDULER_SCRIPT_ORIGIN = /^https?:\/\/[^/]+/.exec(site.booking.scriptUrl)?.[0] ?? ''
/** The scheduler's booking page, framed. */
const SCHEDULER_FRAME_ORIGIN = site.booking.origin

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

function isDashboard(path: string): boolean {
  return path === '/_' || path.indexOf('/_/') === 0
}

/** The headers for a static-site response at `path`; none for API and dashboard routes. */
function headersFor(path: string): Record<string, string> {
  if (path === '/api' || path.indexOf('/api/') === 0 || isDashboard(path)) return {}

  const headers: Record<string, string> = {}

  // Caching: fingerprinted build output never changes under its name, so browsers keep it a
  // year. Everything else (index.html and the SPA fallback for app routes, sw.js,
  // registerSW.js, workbox-*.js, the manifest, icons) is revalidated on every use, so a
  // deploy is always seen and the service worker can offer the update. A missing asset is
  // answered with index.html by PocketBase: that must never be cached as the asset for a year.
  if (path.indexOf('/assets/') === 0 && isSiteFile(path.slice(1))) {
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

/** Sets the security, caching and content-type headers of the response to `e`. */
export function setResponseHeaders(e: RequestEvent): void {
  const path = requestPath(e)
  const responseHeaders = e.response.header()
  const siteHeaders = headersFor(path)
  for (const name in siteHeaders) responseHeaders.set(name, siteHeaders[name])
  if (!isDashboard(path)) responseHeaders.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
  responseHeaders.set('X-Content-Type-Options', 'nosniff')
  responseHeaders.set('X-Frame-Options', 'DENY')
  responseHeaders.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  responseHeaders.set('Permissions-Policy', PERMISSIONS_POLICY)
  responseHeaders.set('Cross-Origin-Opener-Policy', 'same-origin')
  // PocketBase sends the legacy "1; mode=block"; the XSS auditor it switched on is gone from
  // browsers and could itself leak data (OWASP: send 0 and rely on the CSP).
  responseHeaders.set('X-XSS-Protection', '0')
}

/** The middleware of pb_hooks/headers.pb.js: this site's headers on every response. */
export function addResponseHeaders(e: RequestEvent, next: () => void = () => e.next()): void {
  setResponseHeaders(e)
  return next()
}

/**
 * PocketBase's own security-headers middleware (X-Frame-Options: SAMEORIGIN and the legacy
 * X-XSS-Protection) would run after ours and undo DENY and "0": it is removed at serve.
 */
export function dropPocketBaseSecurityHeaders(e: core.ServeEvent): void {
  if (e.router) e.router.unbind('pbSecurityHeaders')
  return e.next()
}
