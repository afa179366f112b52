/// <reference path="../../.pb-types/types.d.ts" />
// The funnel's numbers for the consultant (GET /api/admin/funnel) and the visitors' peer
// benchmark (GET /api/peer-benchmark), counted by the database. Neither reads anything about a
// person: events carry no identity, and the benchmark is a histogram of scores.

const { FUNNEL_STEPS } = require('./shared.cjs')

/**
 * The rows of a query, each with the fields (and types) of `shape`.
 * @template {Record<string, string | number>} T
 * @param {core.App} app @param {string} sql @param {Record<string, string>} params @param {T} shape
 * @returns {T[]}
 */
function rows(app, sql, params, shape) {
  const result = arrayOf(new DynamicModel(shape))
  app.db().newQuery(sql).bind(params).all(result)
  return /** @type {T[]} */ (/** @type {unknown} */ (result))
}

/**
 * A PocketBase date string `days` days before `now` (epoch ms).
 * @param {number} now
 * @param {number} days
 */
function daysAgo(now, days) {
  return new Date(now - days * 86400000).toISOString().replace('T', ' ')
}

/**
 * Counts per step, conversion from the step before, counts per week (weeks start on Monday),
 * the top referrers and campaigns of visits, and the average score per audit section.
 * @param {core.App} app
 * @param {number} days
 * @param {number} now  epoch ms
 */
function funnelReport(app, days, now) {
  const since = daysAgo(now, days)
  const params = { since: since }
  // One pass over the period (the (created, name) index covers it): counts per week and step,
  // summed into the period's counts per step.
  /** @type {Record<string, number>} */
  const counts = {}
  for (const step of FUNNEL_STEPS) counts[step] = 0
  /** @type {Record<string, Record<string, number>>} */
  const weeks = {}
  for (const row of rows(
    app,
    "SELECT date(substr(created, 1, 10), '-6 days', 'weekday 1') AS week, name, COUNT(*) AS count FROM events WHERE created >= {:since} GROUP BY week, name",
    params,
    { week: '', name: '', count: 0 },
  )) {
    if (!weeks[row.week]) {
      weeks[row.week] = {}
      for (const step of FUNNEL_STEPS) weeks[row.week][step] = 0
    }
    weeks[row.week][row.name] = row.count
    counts[row.name] = (counts[row.name] || 0) + row.count
  }
  // Bookings the server confirmed (recordConfirmedBooking) are counted apart: the step counts
  // what browsers reported, with a visit token of the same session.
  /** @type {Record<string, number>} */
  const confirmedByWeek = {}
  let confirmed = 0
  for (const row of rows(
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
  const steps = FUNNEL_STEPS.map(function (step, i) {
    const before = i === 0 ? 0 : counts[FUNNEL_STEPS[i - 1]]
    return {
      step: step,
      count: counts[step],
      // Share of the step before (null for the first step or when the step before is 0).
      conversion: i === 0 || before === 0 ? null : Math.round((counts[step] / before) * 1000) / 10,
    }
  })

  const byWeek = Object.keys(weeks)
    .sort()
    .map(function (week) {
      return { week: week, counts: weeks[week], confirmedBookings: confirmedByWeek[week] || 0 }
    })

  const referrers = rows(
    app,
    "SELECT referrer, COUNT(*) AS count FROM events WHERE name = 'visit' AND created >= {:since} AND referrer != '' GROUP BY referrer ORDER BY count DESC, referrer LIMIT 10",
    params,
    { referrer: '', count: 0 },
  ).map(function (r) {
    return { referrer: r.referrer, count: r.count }
  })
  const campaigns = rows(
    app,
    "SELECT utmSource AS source, utmMedium AS medium, utmCampaign AS campaign, COUNT(*) AS count FROM events WHERE name = 'visit' AND created >= {:since} AND (utmSource != '' OR utmMedium != '' OR utmCampaign != '') GROUP BY utmSource, utmMedium, utmCampaign ORDER BY count DESC, campaign LIMIT 10",
    params,
    { source: '', medium: '', campaign: '', count: 0 },
  ).map(function (r) {
    return { source: r.source, medium: r.medium, campaign: r.campaign, count: r.count }
  })
  // Across all audits, from the score histograms (recomputed at most every 10 minutes): a scan
  // of every audit's JSON on each report would cost more than the rest of the report.
  const histograms = cachedScoreHistograms(app, now).value
  const sections = Object.keys(histograms.sections)
    .sort()
    .map(function (section) {
      let audits = 0
      let sum = 0
      histograms.sections[section].forEach(function (count, score) {
        audits += count
        sum += count * score
      })
      return { section: section, average: audits ? Math.round(sum / audits) : 0, audits: audits }
    })

  return {
    days: days,
    since: since,
    steps: steps,
    bookings: { reported: counts.call_booked, confirmed: confirmed },
    weeks: byWeek,
    referrers,
    campaigns,
    sections,
  }
}

/**
 * Records a booking the server itself confirmed (e.g. the scheduler's booking tied to a person):
 * a `call_booked` event with `confirmed` set, which no client can create. The funnel counts these
 * apart from the bookings browsers report. Call it with the transaction of whatever confirmed
 * the booking. Returns the event's id.
 * @param {core.App} app
 * @param {{ path?: string }} [options]
 */
function recordConfirmedBooking(app, options) {
  const opts = options || {}
  const event = new Record(app.findCollectionByNameOrId('events'))
  event.set('name', 'call_booked')
  event.set('confirmed', true)
  event.set('path', String(opts.path || '').slice(0, 200))
  app.save(event)
  return event.id
}

/**
 * How many audits scored each value 0-100, overall and per section (index = score).
 * @param {core.App} app
 */
function scoreHistograms(app) {
  const total = new DynamicModel({ count: 0 })
  app.db().newQuery('SELECT COUNT(*) AS count FROM audits').one(total)
  const empty = function () {
    /** @type {number[]} */
    const counts = []
    for (let i = 0; i <= 100; i++) counts.push(0)
    return counts
  }
  const overall = empty()
  for (const row of rows(
    app,
    'SELECT CAST(COALESCE(overallScore, 0) AS INTEGER) AS score, COUNT(*) AS count FROM audits GROUP BY score',
    {},
    { score: 0, count: 0 },
  )) {
    overall[Math.max(0, Math.min(100, row.score))] += row.count
  }
  /** @type {Record<string, number[]>} */
  const sections = {}
  for (const row of rows(
    app,
    "SELECT s.key AS section, CAST(ROUND(s.value) AS INTEGER) AS score, COUNT(*) AS count FROM audits, json_each(audits.scores, '$.sectionScores') AS s WHERE json_valid(audits.scores) GROUP BY section, score",
    {},
    { section: '', score: 0, count: 0 },
  )) {
    if (!sections[row.section]) sections[row.section] = empty()
    sections[row.section][Math.max(0, Math.min(100, row.score))] += row.count
  }
  return { audits: total.count, overall: overall, sections: sections }
}

/**
 * The score histograms, recomputed at most every PEER_CACHE_MS (10 minutes) and kept in the app
 * store as a JSON string (plain strings are safe to share between the pooled VMs).
 * @returns {{ computedAt: number, value: { audits: number, overall: number[], sections: Record<string, number[]> } }}
 * @param {core.App} app
 * @param {number} now  epoch ms
 */
function cachedScoreHistograms(app, now) {
  const { PEER_CACHE_MS } = require('./shared.cjs')
  const store = $app.store()
  /** @type {{ computedAt: number, value: ReturnType<typeof scoreHistograms> } | null} */
  let cached = null
  try {
    cached = JSON.parse(String(store.get('score-histograms') || 'null'))
  } catch (_) {
    cached = null
  }
  if (!cached || now - cached.computedAt >= PEER_CACHE_MS) {
    cached = { computedAt: now, value: scoreHistograms(app) }
    store.set('score-histograms', JSON.stringify(cached))
  }
  return cached
}

/**
 * The public benchmark: only the count below `minAudits`, the histograms from then on.
 * @param {core.App} app
 * @param {number} minAudits
 * @param {number} now  epoch ms
 */
function peerBenchmark(app, minAudits, now) {
  const cached = cachedScoreHistograms(app, now)
  const value = cached.value
  const benchmark =
    value.audits < minAudits
      ? { audits: value.audits }
      : { audits: value.audits, overall: value.overall, sections: value.sections }
  return { computedAt: cached.computedAt, benchmark: benchmark }
}

module.exports = { funnelReport, peerBenchmark, recordConfirmedBooking }
