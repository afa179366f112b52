// The morning mail's place in the delivery queue: ONE job row, `people.morning-mail`, waits for
// the next 7:00 on the site's clock (SITE_TIME_ZONE, by Go's time zone database, so daylight
// saving time moves it with the clock). Its key is the morning's day, so planning the same morning
// twice (the switch turned on again, a job run again after a crash) queues nothing more. The job
// (./morning-job.ts) plans the morning after its own. No clock or loop of its own.
import type { App } from '../platform/events'
import { siteTimeZone } from '../mail/index'
import { defineJob, enqueueJob } from '../queue/index'
import { toPbTime } from '../../src/config/dates'
import { MORNING_HOUR, MORNING_LATE_HOURS, nextMorning } from './morning-time'
import type { Morning, MorningClock } from './morning-time'

/** The morning's job (./morning-job.ts registers its work); retried until its morning is over. */
export const MORNING_JOB = defineJob('people.morning-mail', { lifetimeHours: MORNING_LATE_HOURS })

/** The site's clock as the morning mail reads it, from PocketBase's DateTime and Timezone. */
export function siteClock(): MorningClock & { dayLabel(ms: number): string } {
  const location = new Timezone(siteTimeZone())
  // The zone's name as Go read it (an unknown name reads as UTC, as Today's does).
  const zone = location.string()
  const local = (ms: number) => new DateTime(toPbTime(ms)).time().in(location)
  const hour = `${MORNING_HOUR < 10 ? '0' : ''}${MORNING_HOUR}:00:00`
  return {
    dayOf: (ms) => local(ms).format('2006-01-02'),
    // Parsed on the zone's clock: 7:00 EST in winter, 7:00 EDT in summer.
    morningOf: (day) => new DateTime(`${day} ${hour}`, zone).time().unixMilli(),
    dayLabel: (ms) => local(ms).format('Monday 2 January'),
  }
}

/** Queues the job of the first morning after `from` (nothing when it waits already). */
export function planMorningMail(app: App, from: number): Morning {
  const next = nextMorning(from, siteClock())
  enqueueJob(app, MORNING_JOB, { key: next.day, runAt: next.at, payload: { day: next.day } })
  return next
}
