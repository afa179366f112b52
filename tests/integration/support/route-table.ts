// The table of request-body limits (src/config/limits.ts ROUTE_BODY_LIMITS) as tests use it: a
// route's method and a concrete path for it, and which registered routes the table is missing.
import { ROUTE_BODY_LIMITS } from '../../../src/config/limits'

export interface TableRoute {
  /** As the table names it, e.g. `POST /api/collections/{collection}/records`. */
  route: string
  /** '' for the router's catch-all ("/", any method): POST is used. */
  method: string
  path: string
  maxBytes: number
}

const AUTH_ROUTE = /\/(auth-|request-|confirm-|impersonate|auth-refresh|auth-methods|auth-with)/

/** A real path for a route pattern: its parameters filled with plausible values. */
export function concretePath(pattern: string): string {
  const collection = AUTH_ROUTE.test(pattern) ? 'users' : 'contacts'
  if (pattern === '/') return '/no-such-page/here'
  return pattern
    .replace('{collection}', collection)
    .replace('{path...}', 'no-such-file.txt')
    .replace(/\{(id|recordId)\}/g, 'abcdefghijklmno')
    .replace('{key}', 'backup.zip')
    .replace('{filename}', 'file.txt')
}

export function tableRoutes(): TableRoute[] {
  return Object.entries(ROUTE_BODY_LIMITS).map(([route, maxBytes]) => {
    const space = route.indexOf(' ')
    const method = space < 0 ? '' : route.slice(0, space)
    const pattern = space < 0 ? route : route.slice(space + 1)
    return { route, method, path: concretePath(pattern), maxBytes }
  })
}

/**
 * The registered routes (`METHOD /path`) that have no line in the table, with the line to add
 * for each, as the failing test's message.
 */
export function routesWithoutLimit(registered: string[]): string[] {
  return [...new Set(registered)].filter((route) => !(route in ROUTE_BODY_LIMITS)).sort()
}

export function howToAdd(routes: string[]): string {
  return (
    'These routes have no request-body limit. Add each to ROUTE_BODY_LIMITS in ' +
    'src/config/limits.ts with the largest body it reads (NO_BODY if none), e.g.:\n' +
    routes
      .map((route) => `  '${route}': NO_BODY, // or SMALL_BODY_MAX_BYTES, 16 * KIB ...`)
      .join('\n')
  )
}
