// Small pieces every newsletter route uses: its answer is never cached, and a value of the query
// string as text.
import type { RequestEvent } from '../platform/events'

/** Marks the answer as never to be stored (a link's result, the console's data). */
export function noStore(e: RequestEvent): void {
  e.response.header().set('Cache-Control', 'no-store')
}

/** The query string's `name` ('' when absent). */
export function queryParam(e: RequestEvent, name: string): string {
  return String((e.request.url && e.request.url.query().get(name)) || '')
}
