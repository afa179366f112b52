// The wall clock of a moment in a time zone, by Node's time zone database (the console's CSV
// export's own conversion): what the tests of the morning mail compare the server's clock (Go's
// database, PocketBase's DateTime) with.
import { toPbTime } from '../../src/config/dates'
import { zonedTimestamp } from '../../src/features/admin/csv'

/** `2027-03-14 07:00:00`: `ms` on the clock of `zone`. */
export function wallClock(ms: number, zone: string): string {
  return zonedTimestamp(toPbTime(ms), zone)
}
