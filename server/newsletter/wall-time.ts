// Times on the consultant's clock (SITE_TIME_ZONE): a schedule is given as `2026-12-01T09:00` in
// that zone, and the archive dates its issues in it. Go's time zone database does the work (the
// engine has no Intl).
import { toPbTime } from '../../src/config/dates'

/** Minutes east of UTC of `zone` at the instant `ms`. */
function offsetMinutes(zone: string, ms: number): number {
  const text = new DateTime(toPbTime(ms)).time().in(new Timezone(zone)).format('-07:00')
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(text)
  if (!match) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3])
  return match[1] === '-' ? -minutes : minutes
}

/**
 * `2026-12-01T09:00` on the consultant's clock as epoch ms, or NaN. A time the clock shows twice
 * (autumn) is the first; one it skips (spring) moves forward with the clock.
 */
export function wallTimeToMs(text: unknown, zone: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(String(text || ''))
  if (!match) return NaN
  const asUtc = Date.UTC(+match[1], +match[2] - 1, +match[3], +match[4], +match[5])
  if (!isFinite(asUtc) || msToWallTime(asUtc, 'UTC') !== text) return NaN
  const day = 24 * 60 * 60000
  const candidates = [asUtc - day, asUtc + day]
    .map((near) => asUtc - offsetMinutes(zone, near) * 60000)
    .sort((a, b) => a - b)
  const shown = candidates.filter((ms) => msToWallTime(ms, zone) === text)
  return shown.length > 0 ? shown[0] : candidates[candidates.length - 1]
}

/** The same instant as the consultant's clock shows it: `2026-12-01T09:00`. */
export function msToWallTime(ms: number, zone: string): string {
  return new DateTime(toPbTime(ms)).time().in(new Timezone(zone)).format('2006-01-02T15:04')
}

/** `November 25, 2026` on the consultant's clock for a stored time, and its date for `datetime`. */
export function localDate(pbTime: string, zone: string): { text: string; iso: string } {
  const local = new DateTime(pbTime).time().in(new Timezone(zone))
  return { text: local.format('January 2, 2006'), iso: local.format('2006-01-02') }
}
