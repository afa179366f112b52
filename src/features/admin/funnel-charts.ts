// Pure helpers of the Funnel tab's pictures: the weeks of the period with no gaps (a week
// without events is a zero, not a missing point), an SVG path through a series, and the width
// of a bar.
import type { FunnelReport } from '../../backend/people-api'
import { parsePbTime } from '../../config/dates'
import type { FunnelStep } from '../../config/leads'

const DAY = 24 * 60 * 60 * 1000

/** 'YYYY-MM-DD' of the Monday (UTC) of the week of `time`, as the server groups weeks. */
export function weekOf(time: number): string {
  const date = new Date(time)
  const sinceMonday = (date.getUTCDay() + 6) % 7
  return new Date(time - sinceMonday * DAY).toISOString().slice(0, 10)
}

/**
 * Every week of the report's period (from `since`, `days` long), each step counted (0 for a
 * week without events).
 */
export function weeklySeries(
  report: Pick<FunnelReport, 'since' | 'days' | 'weeks'>,
): { week: string; counts: Record<FunnelStep, number> }[] {
  const byWeek = new Map(report.weeks.map((w) => [w.week, w.counts]))
  const first = parsePbTime(report.since)
  const start = Number.isFinite(first) ? first : 0
  const now = start + report.days * DAY
  const series: { week: string; counts: Record<FunnelStep, number> }[] = []
  const seen = new Set<string>()
  for (let t = start; start > 0 && weekOf(t) <= weekOf(now); t += 7 * DAY) {
    const week = weekOf(t)
    if (seen.has(week)) continue
    seen.add(week)
    series.push({ week, counts: byWeek.get(week) ?? ({} as Record<FunnelStep, number>) })
  }
  // A week the server reports outside that range (a clock difference) is still shown.
  for (const w of report.weeks) if (!seen.has(w.week)) series.push(w)
  return series.sort((a, b) => a.week.localeCompare(b.week))
}

/**
 * An SVG polyline's points through `values` in a `width` x `height` box (y grows downwards; the
 * largest value touches the top, zero the bottom). One value makes a flat line across.
 */
export function linePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return ''
  const max = Math.max(1, ...values)
  const step = values.length > 1 ? width / (values.length - 1) : 0
  const points = values.map((v, i) => {
    const x = values.length > 1 ? i * step : 0
    const y = height - (Math.max(0, v) / max) * height
    return `${round(x)},${round(y)}`
  })
  if (values.length === 1) points.push(`${width},${points[0].split(',')[1]}`)
  return points.join(' ')
}

/** A bar's width in percent of the largest (at least a sliver when the count is not zero). */
export function barPercent(count: number, largest: number): number {
  if (count <= 0 || largest <= 0) return 0
  return Math.max(1.5, Math.min(100, (count / largest) * 100))
}

/** 'Nov 23' for a week 'YYYY-MM-DD' (read as a calendar date, whatever the time zone). */
export function weekLabel(week: string): string {
  const [y, m, d] = week.split('-').map(Number)
  if (!y || !m || !d) return week
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })
}

function round(n: number): string {
  return String(Math.round(n * 10) / 10)
}
