import { describe, expect, it } from 'vitest'
import {
  ANSWER_NOT_GIVEN,
  evaluateAudit,
  lowestScoringSection,
  questions,
  scoreBand,
  sections,
  withRecommendations,
} from '../../../src/audit/index'
import { scoreAudit } from '../../../src/audit/questionnaire'

const GOALS = 'Business Goals & Lead Generation'
const PROCESS = 'Business Process Efficiency'

function best(): Record<string, string> {
  const answers: Record<string, string> = {}
  for (const q of questions) answers[q.id] = q.options.find((o) => o.score === 10)!.value
  return answers
}

function only(ids: string[], answers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(ids.map((id) => [id, answers[id]]))
}

describe('filling answers', () => {
  it('fills unanswered questions with "Did not answer" and 0, in question order', () => {
    const { answers } = evaluateAudit({ lead_generation: 'word_of_mouth' })
    expect(Object.keys(answers)).toEqual(questions.map((q) => q.id))
    expect(answers.lead_generation).toEqual({ value: 'word_of_mouth', score: 5 })
    expect(answers.primary_goal).toEqual({ value: ANSWER_NOT_GIVEN, score: 0 })
    expect(ANSWER_NOT_GIVEN).toBe('Did not answer')
  })

  it.each([
    ['an explicit "Did not answer"', ANSWER_NOT_GIVEN],
    ['an option of another question', 'crm_system'],
    ['an unknown value', 'bogus'],
    ['an empty value', ''],
  ])('treats %s as not answered', (_label, value) => {
    const { answers, scores } = evaluateAudit({ primary_goal: value })
    expect(answers.primary_goal).toEqual({ value: ANSWER_NOT_GIVEN, score: 0 })
    expect(scores.sectionScores[GOALS]).toBe(0)
  })

  it('takes every score from the question bank', () => {
    const { answers } = evaluateAudit({ primary_goal: 'reduce_costs', lead_tracking: 'none' })
    expect(answers.primary_goal).toEqual({ value: 'reduce_costs', score: 8 })
    expect(answers.lead_tracking).toEqual({ value: 'none', score: 0 })
  })

  it('ignores answers to questions that do not exist', () => {
    expect(evaluateAudit({ not_a_question: 'x' }).answers).not.toHaveProperty('not_a_question')
  })
})

describe('section and overall scores', () => {
  // [label, answers, section, expected section score, expected overall score]
  const cases: [string, Record<string, string>, string, number, number][] = [
    ['nothing answered', {}, GOALS, 0, 0],
    ['every best answer', best(), GOALS, 100, 100],
    [
      '8 + 7 + 5 of 30 points rounds 66.7 up to 67',
      {
        primary_goal: 'reduce_costs',
        lead_generation: 'website_only',
        lead_tracking: 'spreadsheets',
      },
      GOALS,
      67,
      8, // 20 of 260 = 7.7
    ],
    [
      'a half rounds up: 15 of 40 is 37.5 -> 38',
      { task_automation: 'mostly_automated', time_management: 'five_to_10_hours' },
      PROCESS,
      38,
      6, // 15 of 260 = 5.8
    ],
    [
      'a half rounds up: 25 of 40 is 62.5 -> 63',
      {
        task_automation: 'mostly_automated',
        time_management: 'under_5_hours',
        customer_communication: 'manual_updates',
        data_organization: 'paper_or_memory',
      },
      PROCESS,
      63,
      10, // 25 of 260 = 9.6
    ],
    [
      'skipped questions count as 0 of 10: 10 of 30 is 33',
      { primary_goal: 'grow_revenue' },
      GOALS,
      33,
      4, // 10 of 260 = 3.8
    ],
    [
      'the overall score is over all 26 questions, not the mean of sections (12, not 14)',
      only(['primary_goal', 'lead_generation', 'lead_tracking'], best()),
      GOALS,
      100,
      12, // 30 of 260 = 11.5; the mean of the section scores would be 100 / 7 = 14.3
    ],
    [
      'one middling answer in an otherwise perfect audit: 255 of 260 is 98',
      { ...best(), referral_system: 'passive_referrals' },
      'Marketing & Lead Nurturing',
      88, // 35 of 40 = 87.5
      98,
    ],
  ]

  it.each(cases)('%s', (_label, answers, section, sectionScore, overallScore) => {
    const { scores } = evaluateAudit(answers)
    expect(scores.sectionScores[section]).toBe(sectionScore)
    expect(scores.overallScore).toBe(overallScore)
  })

  it('scores every middle answer at 50 everywhere', () => {
    const middle: Record<string, string> = {}
    for (const q of questions) middle[q.id] = q.options.find((o) => o.score === 5)!.value
    const { scores } = evaluateAudit(middle)
    expect(scores.overallScore).toBe(50)
    expect(Object.values(scores.sectionScores)).toEqual(sections.map(() => 50))
  })

  it('lists section scores under the section names, in section order', () => {
    const { scores } = evaluateAudit(best())
    expect(Object.keys(scores.sectionScores)).toEqual(sections.map((s) => s.name))
  })
})

describe('score colours', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79, 'yellow'],
    [60, 'yellow'],
    [59, 'red'],
    [0, 'red'],
  ] as const)('%i is %s', (score, band) => {
    expect(scoreBand(score)).toBe(band)
  })
})

describe('lowestScoringSection', () => {
  it('names the section with the lowest score', () => {
    const answers = { ...best(), email_marketing: 'no_email', social_media_strategy: 'no_social' }
    const { scores } = evaluateAudit(answers)
    expect(lowestScoringSection(scores.sectionScores)).toBe('Marketing & Lead Nurturing')
  })

  it('breaks a tie by the order of the audit', () => {
    expect(lowestScoringSection(evaluateAudit({}).scores.sectionScores)).toBe(GOALS)
  })

  it('has nothing to name without scores', () => {
    expect(lowestScoringSection({})).toBeUndefined()
  })
})

describe('other texts', () => {
  it("keeps the free text of an 'other' answer, trimmed", () => {
    const result = evaluateAudit(
      { primary_goal: 'other' },
      { primary_goal: '  Sell the inn by 2028 ' },
    )
    expect(result.otherTexts).toEqual({ primary_goal: 'Sell the inn by 2028' })
  })

  it.each([
    [
      'the answer is not other',
      { primary_goal: 'grow_revenue' },
      { primary_goal: 'leftover text' },
    ],
    ['the text is blank', { primary_goal: 'other' }, { primary_goal: '   ' }],
    ['the question was skipped', {}, { primary_goal: 'text' }],
    ['the question does not exist', { primary_goal: 'other' }, { nope: 'text' }],
  ])('drops the text when %s', (_label, answers, otherTexts) => {
    expect(evaluateAudit(answers, otherTexts).otherTexts).toEqual({})
  })

  it('never stores more than 500 characters', () => {
    const text = 'x'.repeat(600)
    expect(
      evaluateAudit({ primary_goal: 'other' }, { primary_goal: text }).otherTexts.primary_goal,
    ).toHaveLength(500)
  })
})

describe('the questionnaire and the whole engine', () => {
  // The audit's first paint loads src/audit/questionnaire.ts alone; the report adds the
  // recommendations. Both ways must give what the server's evaluateAudit gives.
  const cases: [string, Record<string, string>, Record<string, string>][] = [
    ['no answers', {}, {}],
    ['the best answers', best(), {}],
    ['some answers and an other-text', { primary_goal: 'other' }, { primary_goal: ' more calls ' }],
  ]
  it.each(cases)('scores %s as evaluateAudit does, without the recommendations', (_, a, o) => {
    const { answers, otherTexts, scores } = evaluateAudit(a, o)
    expect(scoreAudit(a, o)).toEqual({ answers, otherTexts, scores })
  })

  it.each(cases)('adds the recommendations evaluateAudit draws, for %s', (_, a, o) => {
    expect(withRecommendations(scoreAudit(a, o))).toEqual(evaluateAudit(a, o))
  })
})
