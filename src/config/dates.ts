// PocketBase writes times as "2026-11-21 10:00:00.123Z" (UTC, a space for the ISO "T").

/** Epoch ms of a PocketBase or ISO time; NaN for an empty or broken value. */
export function parsePbTime(value: string | null | undefined): number {
  if (!value) return NaN
  return Date.parse(value.includes('T') ? value : value.replace(' ', 'T'))
}

/** A PocketBase time as a Date; null for an empty or broken value. */
export function parsePbDate(value: string | null | undefined): Date | null {
  const ms = parsePbTime(value)
  return Number.isNaN(ms) ? null : new Date(ms)
}

/** A Date in PocketBase's own format, for filters and stored times. */
export function toPbTime(date: Date | number): string {
  return new Date(date).toISOString().replace('T', ' ')
}
