// When the morning mail goes: 7:00 on the site's clock, each day. Pure: the clock (which day a
// moment falls on, and when 7:00 is on a day) is handed in, so the engine uses Go's time zone
// database (./morning-job.ts) and the unit tests Node's; nothing here knows a time zone.

/** The hour of the morning mail, on the site's clock. */
export const MORNING_HOUR = 7
/** A morning's mail still goes this many hours after 7:00 (a server down at 7:00), not later. */
export const MORNING_LATE_HOURS = 5

const HOUR = 60 * 60 * 1000

/** The site's clock, as the morning mail needs it. */
export interface MorningClock {
  /** The day `ms` falls on: `2026-11-29`. */
  dayOf(ms: number): string
  /** 7:00 on `day` (ms), daylight saving time included. */
  morningOf(day: string): number
}

/** A morning: its day and its 7:00. */
export interface Morning {
  day: string
  at: number
}

/** The calendar day after `day` (`2026-12-31` -> `2027-01-01`). */
export function dayAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}

/** The first 7:00 strictly after `now`: today's when it is still to come, else tomorrow's. */
export function nextMorning(now: number, clock: MorningClock): Morning {
  const today = clock.dayOf(now)
  const at = clock.morningOf(today)
  if (at > now) return { day: today, at }
  const tomorrow = dayAfter(today)
  return { day: tomorrow, at: clock.morningOf(tomorrow) }
}

/** True once `day`'s mail would come too late to be a morning mail. */
export function morningIsOver(day: string, now: number, clock: MorningClock): boolean {
  return now > clock.morningOf(day) + MORNING_LATE_HOURS * HOUR
}

/** `2026-11-29`: a day as the job's payload and key carry it. */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
}
