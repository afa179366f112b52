import { describe, expect, it } from 'vitest'
import {
  GENERAL_SECTION,
  evaluateAudit,
  generalRecommendations,
  questionById,
  questions,
  recommendationRules,
  sectionForQuestion,
  sections,
} from '../../../src/audit/index'

function best(): Record<string, string> {
  const answers: Record<string, string> = {}
  for (const q of questions) answers[q.id] = q.options.find((o) => o.score === 10)!.value
  return answers
}

const ruleCases = recommendationRules.flatMap((rule) =>
  rule.whenValues.map((value) => [rule.id, value, rule] as const),
)

describe('recommendation rules', () => {
  it.each(ruleCases)('%s fires for the real option %j', (_id, value, rule) => {
    const section = sectionForQuestion(rule.questionId)!
    const { recommendations } = evaluateAudit({ ...best(), [rule.questionId]: value })
    expect(recommendations.sectionRecommendations[section]).toEqual([
      { title: rule.title, description: rule.description },
    ])
  })

  it.each(recommendationRules.map((r) => [r.id, r]))(
    '%s stays quiet for every other option',
    (_id, rule) => {
      const question = questionById(rule.questionId)!
      for (const option of question.options.filter((o) => !rule.whenValues.includes(o.value))) {
        const { recommendations } = evaluateAudit({ ...best(), [rule.questionId]: option.value })
        const titles = Object.values(recommendations.sectionRecommendations)
          .flat()
          .map((r) => r.title)
        expect(titles).not.toContain(rule.title)
      }
    },
  )

  it('covers every option that loses points with exactly one rule, and no full-score option', () => {
    for (const q of questions) {
      for (const option of q.options) {
        const firing = recommendationRules.filter(
          (r) => r.questionId === q.id && r.whenValues.includes(option.value),
        )
        expect(firing, `${q.id}=${option.value}`).toHaveLength(option.score < 10 ? 1 : 0)
      }
    }
  })

  it('has unique ids and unique titles, also against the general recommendations', () => {
    const titles = [...recommendationRules, ...generalRecommendations].map((r) => r.title)
    expect(new Set(titles).size).toBe(titles.length)
    expect(new Set(recommendationRules.map((r) => r.id)).size).toBe(recommendationRules.length)
  })

  it.each(recommendationRules.map((r) => [r.id, r]))(
    '%s gives the owner a step to take this week, in a few sentences',
    (_id, rule) => {
      expect(rule.description).toMatch(/this week/i)
      expect(rule.title.length).toBeLessThanOrEqual(60)
      expect(rule.description.length).toBeLessThanOrEqual(400)
    },
  )

  it('lists section advice in section order, leaving out sections where nothing fired', () => {
    const { recommendations } = evaluateAudit({
      ...best(),
      growth_planning: 'no_plan',
      lead_tracking: 'manual',
    })
    expect(Object.keys(recommendations.sectionRecommendations)).toEqual([
      'Business Goals & Lead Generation',
      'Business Growth & Scalability',
    ])
  })

  it('gives no section advice to a perfect audit', () => {
    expect(evaluateAudit(best()).recommendations.sectionRecommendations).toEqual({})
  })
})

describe('top recommendations', () => {
  const titleOf = (questionId: string, value: string) =>
    recommendationRules.find((r) => r.questionId === questionId && r.whenValues.includes(value))!
      .title

  it('takes all of the weakest section first, up to three', () => {
    const { recommendations } = evaluateAudit({
      ...best(),
      email_marketing: 'no_email',
      social_media_strategy: 'no_social',
      referral_system: 'no_referrals',
      follow_up_process: 'no_follow_up',
      lead_tracking: 'manual',
    })
    expect(recommendations.topRecommendations).toEqual([
      { ...pick('email_marketing', 'no_email'), section: 'Marketing & Lead Nurturing', score: 0 },
      {
        ...pick('social_media_strategy', 'no_social'),
        section: 'Marketing & Lead Nurturing',
        score: 0,
      },
      {
        ...pick('referral_system', 'no_referrals'),
        section: 'Marketing & Lead Nurturing',
        score: 0,
      },
    ])
  })

  it('tops up from the next-weakest sections, a tie going to the earlier section', () => {
    const { recommendations } = evaluateAudit({
      ...best(),
      email_marketing: 'occasional_emails', // Marketing 88
      lead_tracking: 'manual', // Goals 67
      task_automation: 'some_automation', // Process 88, before Marketing in the audit
    })
    expect(recommendations.topRecommendations.map((r) => [r.title, r.section, r.score])).toEqual([
      [titleOf('lead_tracking', 'manual'), 'Business Goals & Lead Generation', 67],
      [titleOf('task_automation', 'some_automation'), 'Business Process Efficiency', 88],
      [titleOf('email_marketing', 'occasional_emails'), 'Marketing & Lead Nurturing', 88],
    ])
  })

  it('skips weak sections that have no advice (all skipped) and uses the answered ones', () => {
    const { recommendations, scores } = evaluateAudit({ growth_planning: 'informal_plan' })
    expect(scores.sectionScores['Business Goals & Lead Generation']).toBe(0)
    expect(recommendations.topRecommendations[0]).toMatchObject({
      title: titleOf('growth_planning', 'informal_plan'),
      section: 'Business Growth & Scalability',
      score: 13,
    })
  })

  it('tops up from the general recommendations, in order, with the overall score', () => {
    const { recommendations } = evaluateAudit({ ...best(), time_management: 'over_10_hours' })
    expect(recommendations.topRecommendations).toEqual([
      {
        ...pick('time_management', 'over_10_hours'),
        section: 'Business Process Efficiency',
        score: 75,
      },
      { ...generalRecommendations[0], section: GENERAL_SECTION, score: 96 },
      { ...generalRecommendations[1], section: GENERAL_SECTION, score: 96 },
    ])
  })

  it('gives a perfect audit the three general recommendations', () => {
    const { recommendations } = evaluateAudit(best())
    expect(recommendations.topRecommendations.map((r) => r.title)).toEqual([
      'Get a comprehensive business review',
      'Track what matters, systematically',
      'Keep the focus on customer experience',
    ])
    expect(recommendations.topRecommendations.every((r) => r.section === GENERAL_SECTION)).toBe(
      true,
    )
  })

  it('draws every top recommendation from its section advice, with that section score', () => {
    const worst: Record<string, string> = {}
    for (const q of questions) worst[q.id] = q.options[q.options.length - 1].value
    const { recommendations, scores } = evaluateAudit(worst)
    expect(recommendations.topRecommendations).toHaveLength(3)
    for (const top of recommendations.topRecommendations) {
      expect(sections.map((s) => s.name)).toContain(top.section)
      expect(top.score).toBe(scores.sectionScores[top.section])
      expect(recommendations.sectionRecommendations[top.section]).toContainEqual({
        title: top.title,
        description: top.description,
      })
    }
  })
})

function pick(questionId: string, value: string) {
  const rule = recommendationRules.find(
    (r) => r.questionId === questionId && r.whenValues.includes(value),
  )!
  return { title: rule.title, description: rule.description }
}
