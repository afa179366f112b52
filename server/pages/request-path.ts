// The path a request asked for: PocketBase's declarations mark the request's URL optional (a Go
// pointer), though the router always sets it.
import type { RequestEvent } from '../platform/events'

/** The request's URL path ('' in the never-seen case of a request without a URL). */
export function requestPath(e: RequestEvent): string {
  const url = e.request.url
  return url ? url.path : ''
}
