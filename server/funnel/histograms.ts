// The audits' score histograms: how many audits scored each value 0-100, overall and per section,
// counted by the database and kept for PEER_CACHE_MS in the app store. They are the visitors'
// peer benchmark (GET /api/peer-benchmark), a public route, so a flood of requests costs one count
// every 10 minutes. A histogram of scores reads nothing about a person.
import type { App } from '../platform/events'
import { parseJson } from '../platform/json'
import { selectRow, selectRows } from '../platform/sql'
import { PEER_CACHE_MS } from '../../src/config/leads'
import type { ScoreHistograms } from './api'

/** The histograms and how many audits they count. */
export interface CountedHistograms extends ScoreHistograms {
  audits: number
}

interface Cached {
  computedAt: number
  value: CountedHistograms
}

/** How many audits scored each value 0-100, overall and per section (index = score). */
function scoreHistograms(app: App): CountedHistograms {
  const total = selectRow(app, 'SELECT COUNT(*) AS count FROM audits', {}, { count: 0 })
  const empty = () => {
    const counts: number[] = []
    for (let i = 0; i <= 100; i++) counts.push(0)
    return counts
  }
  const overall = empty()
  for (const row of selectRows(
    app,
    'SELECT CAST(COALESCE(overallScore, 0) AS INTEGER) AS score, COUNT(*) AS count FROM audits GROUP BY score',
    {},
    { score: 0, count: 0 },
  )) {
    overall[Math.max(0, Math.min(100, row.score))] += row.count
  }
  const sections: Record<string, number[]> = {}
  for (const row of selectRows(
    app,
    "SELECT s.key AS section, CAST(ROUND(s.value) AS INTEGER) AS score, COUNT(*) AS count FROM audits, json_each(audits.scores, '$.sectionScores') AS s WHERE json_valid(audits.scores) GROUP BY section, score",
    {},
    { section: '', score: 0, count: 0 },
  )) {
    if (!sections[row.section]) sections[row.section] = empty()
    sections[row.section][Math.max(0, Math.min(100, row.score))] += row.count
  }
  return { audits: total ? total.count : 0, overall, sections }
}

/**
 * The score histograms, recomputed at most every PEER_CACHE_MS (10 minutes) and kept in the app
 * store as a JSON string (plain strings are safe to share between the pooled VMs).
 */
function cachedScoreHistograms(app: App, now: number): Cached {
  const store = app.store()
  let cached = parseJson(String(store.get('score-histograms') || 'null')) as Cached | null
  if (!cached || now - cached.computedAt >= PEER_CACHE_MS) {
    cached = { computedAt: now, value: scoreHistograms(app) }
    store.set('score-histograms', JSON.stringify(cached))
  }
  return cached
}

/** The public benchmark: only the count below `minAudits`, the histograms from then on. */
export function peerBenchmark(
  app: App,
  minAudits: number,
  now: number,
): { computedAt: number; benchmark: { audits: number } & Partial<ScoreHistograms> } {
  const cached = cachedScoreHistograms(app, now)
  const value = cached.value
  const benchmark =
    value.audits < minAudits
      ? { audits: value.audits }
      : { audits: value.audits, overall: value.overall, sections: value.sections }
  return { computedAt: cached.computedAt, benchmark }
}
