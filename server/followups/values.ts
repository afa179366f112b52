// What a follow-up mail's placeholders stand for, for one person and their audit as saved: the
// first name, the overall score and its band, the weakest section with its top recommendation
// and what it may be worth (the payoff model), and the peer benchmark's sentence once enough
// audits exist. Without a person or an audit (a preview before anyone took the audit) the values
// come from a made-up, mid-scoring audit.
import type { App } from '../platform/events'
import { readJson } from '../platform/json'
import { isJsonObject } from '../platform/request'
import { peerBenchmark } from '../funnel/index'
import { evaluateAudit, lowestScoringSection, peerSentence, questions } from '../../src/audit/index'
import { payoffSentence, recommendationHours } from '../../src/audit/payoff'
import { readPayoff } from '../payoff/index'
import { PEER_MIN_AUDITS } from '../../src/config/leads'
import { higherThanPercent } from '../../src/config/peer-percent'
import { SCORE_BANDS, scoreBand } from '../../src/config/score-bands'
import type { FollowupValues } from './mail'

export function firstNameOf(name: string): string {
  const first = String(name || '')
    .trim()
    .split(/\s+/)[0]
  return first || ''
}

/** A made-up audit in the middle of the scale, scored by the real engine. */
function sampleEvaluation(): { scores: unknown; recommendations: unknown; answers: unknown } {
  const answers: Record<string, string> = {}
  questions.forEach((q, i) => {
    answers[q.id] = q.options[Math.min(q.options.length - 1, i % 3)].value
  })
  const evaluation = evaluateAudit(answers, {})
  return {
    scores: evaluation.scores,
    recommendations: evaluation.recommendations,
    answers: evaluation.answers,
  }
}

/** An object's fields (a saved JSON value may be anything). */
function fieldsOf(value: unknown): Record<string, unknown> {
  return isJsonObject(value) ? value : {}
}

/** The placeholders' values. */
export function mailValues(
  app: App,
  person: core.Record | null,
  audit: core.Record | null,
  now?: number,
): FollowupValues {
  const results = audit
    ? {
        scores: readJson(audit, 'scores'),
        recommendations: readJson(audit, 'recommendations'),
        answers: readJson(audit, 'answers'),
      }
    : sampleEvaluation()
  const scores = fieldsOf(results.scores)
  const advice = fieldsOf(results.recommendations)
  const score = audit ? audit.getInt('overallScore') : Number(scores.overallScore) || 0
  const sectionScores = fieldsOf(scores.sectionScores) as Record<string, number>
  // (lowestScoringSection reads only the numbers among them.)
  const weakest = lowestScoringSection(sectionScores) || ''
  const inSection: unknown = fieldsOf(advice.sectionRecommendations)[weakest]
  const top: unknown = Array.isArray(inSection) && inSection.length ? inSection[0] : null
  const fallback: unknown = Array.isArray(advice.topRecommendations)
    ? (advice.topRecommendations as unknown[])[0]
    : null
  const rec = fieldsOf(top || fallback || {})
  const recSection = top ? weakest : String(rec.section || '')
  const assumptions = readPayoff(app)
  const hours = recommendationHours(
    { title: String(rec.title || ''), section: recSection },
    fieldsOf(results.answers) as Record<string, { score?: unknown }>,
    Number(sectionScores[recSection]),
    assumptions,
  )
  return {
    firstName: person ? firstNameOf(person.getString('name')) : audit ? '' : 'Pat',
    score,
    band: SCORE_BANDS[scoreBand(score)].word,
    weakestSection: weakest,
    recommendation: {
      title: String(rec.title || ''),
      description: String(rec.description || ''),
    },
    benchmark: benchmarkSentence(app, score, now || Date.now()),
    payoff: payoffSentence(hours, assumptions.hourlyRate, assumptions.weeksPerYear),
  }
}

/** "You scored higher than N% ..." once the benchmark has enough audits; '' before. */
function benchmarkSentence(app: App, score: number, now: number): string {
  try {
    const answer = peerBenchmark(app, PEER_MIN_AUDITS, now).benchmark
    if (!answer.overall) return ''
    const percent = higherThanPercent(answer.overall, score)
    return percent === null ? '' : peerSentence(percent)
  } catch {
    return ''
  }
}
