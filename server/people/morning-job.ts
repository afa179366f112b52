// The morning mail's work, run by the delivery queue at 7:00 on the site's clock (the job of
// ./morning-plan.ts), and the mail's kind. The job finds the setting off: nothing, and no next
// morning (turning it on again plans one). On: it plans the next morning first (so a failing mail
// never loses the mornings after it), then queues the owner's mail `owner_morning` keyed by the
// morning's day - never two for one morning, whether the job runs twice after a crash or is run
// by hand - when someone is on Today. An empty Today sends nothing. A morning whose 7:00 is more
// than MORNING_LATE_HOURS past (the server was down) is skipped: Today in the console has it.
import type { App } from '../platform/events'
import { objectOf } from '../platform/json'
import { mailConfig, ownerEmail } from '../mail/index'
import { enqueue } from '../queue/index'
import type { DeliveryKind, DeliveryRow } from '../queue/index'
import { morningMail } from './morning-mail'
import { MORNING_JOB, planMorningMail, siteClock } from './morning-plan'
import { MORNING_LATE_HOURS, isDay, morningIsOver } from './morning-time'
import { readSettings } from './settings'
import { todayList } from './today'

/** The owner's morning mail, a kind of the delivery queue. */
export const MORNING_MAIL_KIND = 'owner_morning'

/** The job's work: the morning of its row (`payload.day`; a row queued by hand: today's). */
export function runMorningMail(app: App, row: DeliveryRow, now: number): void {
  if (!readSettings(app).morningMail) return
  const clock = siteClock()
  const planned = objectOf(row.payload).day
  const day = isDay(planned) ? planned : clock.dayOf(now)
  planMorningMail(app, Math.max(now, clock.morningOf(day)))
  if (morningIsOver(day, now, clock)) {
    app.logger().info('people: morning mail skipped, its morning is over', 'day', day)
    return
  }
  if (todayList(app, now).items.length === 0) return
  const queued = enqueue(app, {
    kind: MORNING_MAIL_KIND,
    recipient: ownerEmail(),
    uniqueKey: `${MORNING_MAIL_KIND}:${day}`,
    payload: { day },
  })
  if (!queued.queued && queued.reason !== 'duplicate') {
    app.logger().warn('people: morning mail not queued', 'day', day, 'why', queued.reason)
  }
}

/** `owner_morning`: Today's list as it stands when the mail is rendered. */
const morningMailKind: DeliveryKind = {
  channel: 'mail',
  class: 'owner',
  // After the notices of new leads that wait with it.
  priority: 9,
  // Past noon it is no morning mail: a mail server down all morning fails it, for the console.
  lifetimeHours: MORNING_LATE_HOURS,
  render(app, _row, now) {
    const list = todayList(app, now)
    if (list.items.length === 0) return { cancel: 'Nobody was on Today when it was to go.' }
    const config = mailConfig(app)
    return morningMail({
      items: list.items,
      today: list.today,
      dayLabel: siteClock().dayLabel(now),
      businessName: config.businessName,
      links: config.links,
    })
  },
}

export const morningKinds: Record<string, DeliveryKind> = { [MORNING_MAIL_KIND]: morningMailKind }

export { MORNING_JOB }
