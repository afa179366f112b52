import { describe, expect, it } from 'vitest'
import { evaluateAudit, questions, recommendationRules } from '../../../src/audit/index'
import {
  dollarsText,
  hoursAtStake,
  hoursRecovered,
  hoursText,
  money,
  payoffSentence,
  recommendationHours,
  yearlyValue,
} from '../../../src/audit/payoff'
import { checkPayoffAssumptions } from '../../../src/audit/payoff'
import { PAYOFF_DEFAULTS } from '../../../src/config/payoff'
import type { PayoffAssumptions } from '../../../src/config/payoff'

const PROCESS = 'Business Process Efficiency'
const GOALS = 'Business Goals & Lead Generation'

function best(): Record<string, string> {
  const answers: Record<string, string> = {}
  for (const q of questions) answers[q.id] = q.options.find((o) => o.score === 10)!.value
  return answers
}

/** Every question answered with its weakest option that fires advice. */
function weakest(): Record<string, string> {
  const answers: Record<string, string> = {}
  for (const q of questions)
    answers[q.id] = [...q.options].sort((a, b) => a.score - b.score)[0].value
  return answers
}

/** The top recommendations of `answers` with their payoff at the defaults. */
function topPayoffs(answers: Record<string, string>, assumptions = PAYOFF_DEFAULTS) {
  const evaluation = evaluateAudit(answers)
  return evaluation.recommendations.topRecommendations.map((rec) => ({
    title: rec.title,
    section: rec.section,
    hours: recommendationHours(rec, evaluation.answers, rec.score, assumptions),
  }))
}

describe('a recommendation’s hours', () => {
  // The answer's distance from the best option (its score out of 10) scales its section's range:
  // half hours, the low end rounded down, the high end up.
  it.each([
    // question, answer, section, expected hours (section at 50 %)
    ['task_automation', 'all_manual', PROCESS, { low: 2, high: 5 }],
    ['task_automation', 'some_automation', PROCESS, { low: 1, high: 2.5 }],
    ['lead_tracking', 'manual', GOALS, { low: 1, high: 3 }],
    ['lead_tracking', 'spreadsheets', GOALS, { low: 0.5, high: 1.5 }],
    ['lead_generation', 'word_of_mouth', GOALS, { low: 0.5, high: 1.5 }],
    ['primary_goal', 'reduce_costs', GOALS, { low: 0, high: 1 }],
  ])('%s = %s in %s', (questionId, value, section, expected) => {
    const rule = recommendationRules.find(
      (r) => r.questionId === questionId && r.whenValues.includes(value),
    )!
    const { answers } = evaluateAudit({ ...best(), [questionId]: value })
    expect(
      recommendationHours({ title: rule.title, section }, answers, 50, PAYOFF_DEFAULTS),
    ).toEqual(expected)
  })

  it('gives every top recommendation of the weakest audit its section’s whole range', () => {
    for (const top of topPayoffs(weakest())) {
      expect(top.hours).toEqual(PAYOFF_DEFAULTS.sectionHours[top.section])
    }
  })

  it('is never shown for a section already strong, nor for the general advice', () => {
    const top = topPayoffs(best())
    expect(top.length).toBeGreaterThan(0)
    for (const rec of top) expect(rec.hours).toBeNull()
    // A weak answer in a section that is strong all the same: no payoff; just below: one.
    const evaluation = evaluateAudit({ ...best(), task_automation: 'all_manual' })
    const rec = {
      title: evaluation.recommendations.sectionRecommendations[PROCESS][0].title,
      section: PROCESS,
    }
    expect(recommendationHours(rec, evaluation.answers, 80, PAYOFF_DEFAULTS)).toBeNull()
    expect(recommendationHours(rec, evaluation.answers, 79, PAYOFF_DEFAULTS)).not.toBeNull()
  })

  it('is never negative and never upside down, whatever the answers', () => {
    const options = questions.map((q) => q.options.map((o) => o.value))
    for (let seed = 0; seed < 200; seed++) {
      const answers: Record<string, string> = {}
      questions.forEach((q, i) => {
        answers[q.id] = options[i][(seed * 7 + i * 3) % options[i].length]
      })
      const evaluation = evaluateAudit(answers)
      for (const top of topPayoffs(answers)) {
        if (!top.hours) continue
        expect(top.hours.low).toBeGreaterThanOrEqual(0)
        expect(top.hours.high).toBeGreaterThanOrEqual(top.hours.low)
        expect(top.hours.high).toBeGreaterThan(0)
      }
      const stake = hoursAtStake(
        evaluation.answers,
        evaluation.scores.sectionScores,
        PAYOFF_DEFAULTS,
      )
      expect(stake.low).toBeGreaterThanOrEqual(0)
      expect(stake.high).toBeGreaterThanOrEqual(stake.low)
    }
  })

  it('is the same for the same answers (and for the stored form of them)', () => {
    const answers = weakest()
    expect(topPayoffs(answers)).toEqual(topPayoffs({ ...answers }))
    const stored = JSON.parse(JSON.stringify(evaluateAudit(answers)))
    const rec = stored.recommendations.topRecommendations[0]
    expect(recommendationHours(rec, stored.answers, rec.score, PAYOFF_DEFAULTS)).toEqual(
      topPayoffs(answers)[0].hours,
    )
  })

  it('follows the consultant’s assumptions', () => {
    const doubled: PayoffAssumptions = {
      ...PAYOFF_DEFAULTS,
      sectionHours: Object.fromEntries(
        Object.entries(PAYOFF_DEFAULTS.sectionHours).map(([name, r]) => [
          name,
          { low: r.low * 2, high: r.high * 2 },
        ]),
      ),
    }
    for (const [plain, twice] of topPayoffs(weakest()).map((t, i) => [
      t,
      topPayoffs(weakest(), doubled)[i],
    ])) {
      expect(twice.hours!.high).toBe(plain.hours!.high * 2)
    }
  })
})

describe('the yearly value', () => {
  it.each([
    [{ low: 1, high: 3 }, 50, 48, { low: 2400, high: 7200 }],
    [{ low: 0.5, high: 1.5 }, 35, 48, { low: 800, high: 2600 }],
    [{ low: 0, high: 1 }, 75, 50, { low: 0, high: 3800 }],
  ])('%o hours at $%i for %i weeks', (hours, rate, weeks, expected) => {
    expect(yearlyValue(hours, rate, weeks)).toEqual(expected)
  })

  it('reads as a person would say it', () => {
    expect(hoursText({ low: 1.5, high: 3 })).toBe('1.5-3 hours a week')
    expect(hoursText({ low: 0, high: 1 })).toBe('up to 1 hour a week')
    expect(hoursText({ low: 2, high: 2 })).toBe('about 2 hours a week')
    expect(money(12345)).toBe('$12,345')
    expect(dollarsText({ low: 3600, high: 7200 })).toBe('$3,600-$7,200 a year')
    expect(payoffSentence({ low: 1, high: 3 }, 50, 48)).toBe(
      'Worth 1-3 hours a week, $2,400-$7,200 a year at $50 an hour.',
    )
    expect(payoffSentence(null, 50, 48)).toBe('')
  })
})

describe('progress', () => {
  it('counts the hours at stake going down as hours won back, never below zero', () => {
    const first = evaluateAudit(weakest())
    const latest = evaluateAudit(best())
    const atFirst = hoursAtStake(first.answers, first.scores.sectionScores, PAYOFF_DEFAULTS)
    const atLatest = hoursAtStake(latest.answers, latest.scores.sectionScores, PAYOFF_DEFAULTS)
    expect(atLatest).toEqual({ low: 0, high: 0 })
    expect(atFirst.low).toBeGreaterThan(0)
    expect(hoursRecovered(atFirst, atLatest)).toEqual(atFirst)
    expect(hoursRecovered(atLatest, atFirst)).toEqual({ low: 0, high: 0 })
    expect(hoursRecovered(atFirst, atFirst)).toEqual({ low: 0, high: 0 })
  })
})

describe('the consultant’s assumptions as checked', () => {
  it('accepts the defaults as they are', () => {
    expect(checkPayoffAssumptions(PAYOFF_DEFAULTS)).toEqual({
      value: PAYOFF_DEFAULTS,
      problems: {},
    })
  })

  it.each([
    ['hourlyRate', { hourlyRate: 5 }],
    ['hourlyRate', { hourlyRate: 49.5 }],
    ['weeksPerYear', { weeksPerYear: 53 }],
    [
      `sectionHours.${PROCESS}.low`,
      { sectionHours: { ...PAYOFF_DEFAULTS.sectionHours, [PROCESS]: { low: -1, high: 2 } } },
    ],
    [
      `sectionHours.${PROCESS}.high`,
      { sectionHours: { ...PAYOFF_DEFAULTS.sectionHours, [PROCESS]: { low: 3, high: 2 } } },
    ],
    [
      `sectionHours.${PROCESS}.high`,
      { sectionHours: { ...PAYOFF_DEFAULTS.sectionHours, [PROCESS]: { low: 1, high: 2.2 } } },
    ],
  ])('names %s', (field, change) => {
    const { problems } = checkPayoffAssumptions({ ...PAYOFF_DEFAULTS, ...change })
    expect(Object.keys(problems)).toEqual([field])
  })

  it('names a missing section', () => {
    const { [PROCESS]: _gone, ...rest } = PAYOFF_DEFAULTS.sectionHours
    const { problems } = checkPayoffAssumptions({ ...PAYOFF_DEFAULTS, sectionHours: rest })
    expect(Object.keys(problems).sort()).toEqual([
      `sectionHours.${PROCESS}.high`,
      `sectionHours.${PROCESS}.low`,
    ])
  })
})
