// The site's pages and every header the site adds to a response: which built file answers a
// path (and with which status), the security and caching headers, gzip.
import { compress } from './compression'
import { answerPage } from './pages'
import { addResponseHeaders, dropPocketBaseSecurityHeaders } from './response-headers'

export type { PageAnswer } from './pages'
export { pageFor } from './pages'
export { requestPath } from './request-path'
export { setResponseHeaders } from './response-headers'
export { isSiteFile, readSiteFile } from './site-files'

/** The middlewares and the serve hook pb_hooks/headers.pb.js, compression.pb.js, pages.pb.js bind. */
export const hooks = {
  dropPocketBaseSecurityHeaders,
  addResponseHeaders,
  compress,
  answerPage,
}
