// Writing the follow-ups' own tables with SQL (bound parameters only), and the times they keep.
import type { App } from '../platform/events'
import { parsePbTime } from '../../src/config/dates'

export const DAY = 24 * 60 * 60 * 1000
export const HOUR = 60 * 60 * 1000

export type Params = Record<string, unknown>

export function exec(app: App, sql: string, params: Params): void {
  app.db().newQuery(sql).bind(params).execute()
}

/** `{:p0}, {:p1}, ...` for a list, its values put in `params`. */
export function inList(prefix: string, values: unknown[], params: Params): string {
  return values
    .map((value, i) => {
      params[`${prefix}${i}`] = value
      return `{:${prefix}${i}}`
    })
    .join(', ')
}

/** A stored time in ms, NaN when it is empty or not a time. */
export function msOf(text: string): number {
  const ms = parsePbTime(text)
  return isFinite(ms) ? ms : NaN
}
