// The funnel's numbers for the consultant (GET /api/admin/funnel), counted by the database. It
// reads nothing about a person: events carry no identity.
import type { App } from '../platform/events'
import { selectRows } from '../platform/sql'
import { toPbTime } from '../../src/config/dates'
import { FUNNEL_STEPS } from '../../src/config/leads'
import type { FunnelStep } from '../../src/config/leads'
import type { FunnelReport } from './api'

const DAY = 86400000

function zeroPerStep(): Record<FunnelStep, number> {
  const counts = {} as Record<FunnelStep, number>
  for (const step of FUNNEL_STEPS) counts[step] = 0
  return counts
}

/**
 * Counts per step, conversion from the step before, counts per week (weeks start on Monday),
 * the top referrers and campaigns of visits, and the average score per audit section over every
 * audit so far. `now` is epoch ms.
 */
export function funnelReport(app: App, days: number, now: number): FunnelReport {
  const since = toPbTime(now - days * DAY)
  const params = { since }
  // One pass over the period (the (created, name) index covers it): counts per week and step,
  // summed into the period's counts per step.
  const counts = zeroPerStep()
  const weeks: Record<string, Record<FunnelStep, number>> = {}
  for (const row of selectRows(
    app,
    "SELECT date(substr(created, 1, 10), '-6 days', 'weekday 1') AS week, name, COUNT(*) AS count FROM events WHERE created >= {:since} GROUP BY week, name",
    params,
    { week: '', name: '', count: 0 },
  )) {
    if (!weeks[row.week]) weeks[row.week] = zeroPerStep()
    // (The events collection allows only the funnel's steps as names.)
    const name = row.name as FunnelStep
    weeks[row.week][name] = row.count
    counts[name] = (counts[name] || 0) + row.count
  }
  // Bookings the server confirmed (recordConfirmedBooking) are counted apart: the step counts
  // what browsers reported, with a visit token of the same session.
  const confirmedByWeek: Record<string, number> = {}
  let confirmed = 0
  for (const row of selectRows(
    app,
    "SELECT date(substr(created, 1, 10), '-6 days', 'weekday 1') AS week, COUNT(*) AS count FROM events WHERE created >= {:since} AND name = 'call_booked' AND confirmed = TRUE GROUP BY week",
    params,
    { week: '', count: 0 },
  )) {
    confirmedByWeek[row.week] = row.count
    confirmed += row.count
    if (weeks[row.week]) weeks[row.week].call_booked -= row.count
  }
  counts.call_booked -= confirmed
  const steps = FUNNEL_STEPS.map((step, i) => {
    const before = i === 0 ? 0 : counts[FUNNEL_STEPS[i - 1]]
    return {
      step,
      count: counts[step],
      // Share of the step before (null for the first step or when the step before is 0).
      conversion: i === 0 || before === 0 ? null : Math.round((counts[step] / before) * 1000) / 10,
    }
  })

  const byWeek = Object.keys(weeks)
    .sort()
    .map((week) => ({
      week,
      counts: weeks[week],
      confirmedBookings: confirmedByWeek[week] || 0,
    }))

  const referrers = selectRows(
    app,
    "SELECT referrer, COUNT(*) AS count FROM events WHERE name = 'visit' AND created >= {:since} AND referrer != '' GROUP BY referrer ORDER BY count DESC, referrer LIMIT 10",
    params,
    { referrer: '', count: 0 },
  ).map((r) => ({ referrer: r.referrer, count: r.count }))
  const campaigns = selectRows(
    app,
    "SELECT utmSource AS source, utmMedium AS medium, utmCampaign AS campaign, COUNT(*) AS count FROM events WHERE name = 'visit' AND created >= {:since} AND (utmSource != '' OR utmMedium != '' OR utmCampaign != '') GROUP BY utmSource, utmMedium, utmCampaign ORDER BY count DESC, campaign LIMIT 10",
    params,
    { source: '', medium: '', campaign: '', count: 0 },
  ).map((r) => ({ source: r.source, medium: r.medium, campaign: r.campaign, count: r.count }))
  // Across all audits, counted now: the consultant reads this page a few times a day and must
  // see the audit that just came in (the visitors' peer benchmark keeps its 10-minute cache).
  const sections = selectRows(
    app,
    "SELECT s.key AS section, SUM(MAX(0, MIN(100, CAST(ROUND(s.value) AS INTEGER)))) AS total, COUNT(*) AS audits FROM audits, json_each(audits.scores, '$.sectionScores') AS s WHERE json_valid(audits.scores) GROUP BY section ORDER BY section",
    {},
    { section: '', total: 0, audits: 0 },
  ).map((r) => ({
    section: r.section,
    average: r.audits ? Math.round(r.total / r.audits) : 0,
    audits: r.audits,
  }))

  return {
    days,
    since,
    countedAt: new Date(now).toISOString(),
    steps,
    bookings: { reported: counts.call_booked, confirmed },
    weeks: byWeek,
    referrers,
    campaigns,
    sections,
  }
}
