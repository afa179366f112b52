/// <reference path="../../.pb-types/types.d.ts" />
// What a follow-up mail's placeholders stand for, for one person and their audit as saved: the
// first name, the overall score and its band, the weakest section with its top recommendation,
// and the peer benchmark's sentence once enough audits exist. Without a person or an audit (a
// preview before anyone took the audit) the values come from a made-up, mid-scoring audit.

const { PEER_MIN_AUDITS, SCORE_BANDS, higherThanPercent, scoreBand } = require('./shared.cjs')
const { peerBenchmark } = require('./funnel.js')
/** @type {typeof import('./json-fields.js')} */
const { readJson } = require('./json-fields.js')

/** @returns {any} */
function engine() {
  return require('./audit-engine.cjs')
}

/** @param {string} name */
function firstNameOf(name) {
  const first = String(name || '')
    .trim()
    .split(/\s+/)[0]
  return first || ''
}

/** A made-up audit in the middle of the scale, scored by the real engine. */
function sampleEvaluation() {
  const audit = engine()
  /** @type {Record<string, string>} */
  const answers = {}
  audit.questions.forEach((/** @type {any} */ q, /** @type {number} */ i) => {
    answers[q.id] = q.options[Math.min(q.options.length - 1, i % 3)].value
  })
  const evaluation = audit.evaluateAudit(answers, {})
  return { scores: evaluation.scores, recommendations: evaluation.recommendations }
}

/**
 * The placeholders' values.
 * @param {core.App} app
 * @param {core.Record | null} person
 * @param {core.Record | null} audit
 * @param {number} [now]
 */
function mailValues(app, person, audit, now) {
  const results = audit
    ? { scores: readJson(audit, 'scores'), recommendations: readJson(audit, 'recommendations') }
    : sampleEvaluation()
  const scores = results.scores || { overallScore: 0, sectionScores: {} }
  const advice = results.recommendations || {}
  const score = audit ? audit.getInt('overallScore') : Number(scores.overallScore) || 0
  const sectionScores = scores.sectionScores || {}
  const weakest = engine().lowestScoringSection(sectionScores) || ''
  const inSection = (advice.sectionRecommendations || {})[weakest]
  const top = Array.isArray(inSection) && inSection.length ? inSection[0] : null
  const fallback = Array.isArray(advice.topRecommendations) ? advice.topRecommendations[0] : null
  const rec = top || fallback || {}
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
  }
}

/**
 * "You scored higher than N% ..." once the benchmark has enough audits; '' before.
 * @param {core.App} app
 * @param {number} score
 * @param {number} now
 */
function benchmarkSentence(app, score, now) {
  try {
    const answer = peerBenchmark(app, PEER_MIN_AUDITS, now).benchmark
    if (!answer.overall) return ''
    const percent = higherThanPercent(answer.overall, score)
    return percent === null ? '' : engine().peerSentence(percent)
  } catch (_) {
    return ''
  }
}

module.exports = { mailValues, firstNameOf }
