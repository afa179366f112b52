// gzip for the responses worth compressing (the middleware of pb_hooks/compression.pb.js).
// PocketBase's static handler (--publicDir) sends every file as is: ~300 KB of JavaScript where
// ~95 KB gzip would do, which on a 1.6 Mbps link is seconds of waiting. PocketBase ships the
// middleware ($apis.gzip(), level 6) but not switched on; this applies it to
//   - GETs of the site's text files (html, js, css, json, svg, webmanifest, txt, xml) and of
//     app routes, which PocketBase answers with index.html;
//   - GETs under /api/ (record lists can be large: the admin list of 50 audits);
//   - POST /api/batch: the outbox's sync of up to 50 queued items answers with every record
//     created (~180 KB for 20 audits, 30 contacts and sign-ups; ~10x smaller gzipped).
// and leaves alone
//   - /api/realtime: server-sent events must reach the browser as they happen, not buffered;
//   - /api/files/ (already compressed formats or user uploads), the dashboard under /_/;
//   - images and fonts, which are compressed formats already;
//   - other writes (POST/PATCH/DELETE): their answers are small, and the create path stays as
//     fast as it was (see `npm run bench`);
//   - Range requests, whose partial answers must stay byte ranges of the file.
// Caching headers are response-headers.ts's; this only adds Content-Encoding and
// `Vary: Accept-Encoding`. (BREACH does not apply: the API takes its session from the
// Authorization header, so a cross-site request cannot carry one.)
// Behind a proxy that compresses (deploy/Caddyfile), APP_GZIP=false switches this off and
// saves the work in the JS engine.
import { envText } from '../platform/env'
import type { RequestEvent } from '../platform/events'
import { requestPath } from './request-path'

/** Whether the answer to `method` `path` is worth gzipping. */
export function compressible(method: string, path: string, hasRange: boolean): boolean {
  if (method === 'POST') return path === '/api/batch'
  if (method !== 'GET' || hasRange) return false
  if (path === '/_' || path.indexOf('/_/') === 0) return false
  if (path === '/api' || path.indexOf('/api/') === 0) {
    return !(
      path === '/api/realtime' ||
      path.indexOf('/api/realtime/') === 0 ||
      path.indexOf('/api/files/') === 0
    )
  }
  const name = path.slice(path.lastIndexOf('/') + 1)
  // No extension: an app route (or /), answered with index.html.
  if (name.indexOf('.') === -1) return true
  return /\.(html|js|mjs|css|json|map|svg|webmanifest|txt|xml)$/i.test(name)
}

/** Gzips the answer when it is worth it and the request's Accept-Encoding allows it. */
export function compress(e: RequestEvent, next: () => void = () => e.next()): void {
  if (/^(0|false|no|off)$/i.test(envText('APP_GZIP'))) return next()
  const request = e.request
  if (!compressible(request.method, requestPath(e), request.header.get('Range') !== '')) {
    return next()
  }
  // Compresses only when the request's Accept-Encoding allows gzip (and says so in Vary).
  return $apis.gzip().func(e)
}
