// The wall clock of a moment in a time zone, by Node's time zone database: what the tests of the
// morning mail compare the server's clock (Go's database, PocketBase's DateTime) with.

/** `2027-03-14 07:00:00`: `ms` on the clock of `zone`. */
export function wallClock(ms: number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`
}
