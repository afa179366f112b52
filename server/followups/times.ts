// The times the follow-ups keep: a day, an hour and a minute in ms, and a stored time read back.
import { parsePbTime } from '../../src/config/dates'

export const DAY = 24 * 60 * 60 * 1000
export const HOUR = 60 * 60 * 1000
export const MINUTE = 60 * 1000

/** A stored time in ms, NaN when it is empty or not a time. */
export function msOf(text: string): number {
  const ms = parsePbTime(text)
  return isFinite(ms) ? ms : NaN
}
