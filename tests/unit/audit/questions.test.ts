import { describe, expect, it } from 'vitest'
import {
  ANSWER_NOT_GIVEN,
  OTHER_VALUE,
  QUESTION_SET_VERSION,
  questionById,
  questionSetFingerprint,
  questions,
  sectionForQuestion,
  sections,
} from '../../../src/audit/index'

// The section names and question ids, in order.
const SPEC_SECTIONS: [string, string[]][] = [
  ['Business Goals & Lead Generation', ['primary_goal', 'lead_generation', 'lead_tracking']],
  ['Website & Lead Generation', ['website_conversion', 'lead_capture', 'mobile_optimization']],
  [
    'Business Process Efficiency',
    ['task_automation', 'time_management', 'customer_communication', 'data_organization'],
  ],
  [
    'Marketing & Lead Nurturing',
    ['email_marketing', 'social_media_strategy', 'referral_system', 'follow_up_process'],
  ],
  [
    'Customer Experience & Retention',
    ['customer_onboarding', 'customer_support', 'customer_feedback', 'retention_strategy'],
  ],
  [
    'Analytics & Performance Tracking',
    ['conversion_tracking', 'performance_metrics', 'data_driven_decisions', 'reporting_system'],
  ],
  [
    'Business Growth & Scalability',
    ['growth_planning', 'scalability_systems', 'team_efficiency', 'technology_integration'],
  ],
]

// The options whose values and scores are fixed by the product.
const SPEC_OPTIONS: Record<string, Record<string, number>> = {
  primary_goal: {
    increase_leads: 10,
    grow_revenue: 10,
    improve_efficiency: 10,
    reduce_costs: 8,
    other: 5,
  },
  lead_generation: { multiple_channels: 10, website_only: 7, word_of_mouth: 5, no_system: 0 },
  lead_tracking: { crm_system: 10, spreadsheets: 5, manual: 0, none: 0 },
}

describe('the question bank', () => {
  it('has the 7 sections of the spec, in order, with their question ids in order', () => {
    expect(sections.map((s) => [s.name, s.questions.map((q) => q.id)])).toEqual(SPEC_SECTIONS)
  })

  it('has 26 questions with unique ids: 3, 3, 4, 4, 4, 4 and 4 per section', () => {
    expect(sections.map((s) => s.questions.length)).toEqual([3, 3, 4, 4, 4, 4, 4])
    expect(questions).toHaveLength(26)
    expect(new Set(questions.map((q) => q.id)).size).toBe(26)
    expect(questions.map((q) => q.id)).toEqual(SPEC_SECTIONS.flatMap(([, ids]) => ids))
  })

  it.each(Object.entries(SPEC_OPTIONS))(
    '%s has exactly the values and scores of the spec',
    (id, expected) => {
      const question = questionById(id)!
      expect(Object.fromEntries(question.options.map((o) => [o.value, o.score]))).toEqual(expected)
    },
  )

  const otherQuestions = questions.filter((q) => !(q.id in SPEC_OPTIONS))
  it.each(otherQuestions.map((q) => [q.id, q]))(
    '%s has three options scored 10, 5 and 0',
    (_id, q) => {
      expect(q.options.map((o) => o.score)).toEqual([10, 5, 0])
    },
  )

  describe.each(sections.map((s) => [s.name, s]))('section %s', (_name, section) => {
    it('has a one-line intro', () => {
      expect(section.intro.length).toBeGreaterThan(20)
      expect(section.intro).not.toContain('\n')
    })

    it.each(section.questions.map((q) => [q.id, q]))(
      '%s is a plain question with valid options',
      (_id, q) => {
        expect(q.section).toBe(section.name)
        expect(q.text).toMatch(/\?$/)
        expect(q.options.length).toBeGreaterThanOrEqual(3)
        expect(new Set(q.options.map((o) => o.value)).size).toBe(q.options.length)
        expect(new Set(q.options.map((o) => o.label)).size).toBe(q.options.length)
        for (const option of q.options) {
          expect(option.value).toMatch(/^[a-z0-9_]+$/)
          expect(option.value).not.toBe(ANSWER_NOT_GIVEN)
          expect(option.label.trim()).not.toBe('')
          expect(Number.isInteger(option.score)).toBe(true)
          expect(option.score).toBeGreaterThanOrEqual(0)
          expect(option.score).toBeLessThanOrEqual(10)
        }
        // Every question can be answered perfectly, so a perfect business scores 100.
        expect(Math.max(...q.options.map((o) => o.score))).toBe(10)
      },
    )
  })

  it("offers 'other' (the option with free text) only where the spec does: primary_goal", () => {
    const withOther = questions.filter((q) => q.options.some((o) => o.value === OTHER_VALUE))
    expect(withOther.map((q) => q.id)).toEqual(['primary_goal'])
  })
})

describe('sectionForQuestion', () => {
  it.each(SPEC_SECTIONS.flatMap(([name, ids]) => ids.map((id) => [id, name])))(
    '%s belongs to %s',
    (id, name) => {
      expect(sectionForQuestion(id)).toBe(name)
    },
  )

  it.each(['', 'unknown', 'toString', '__proto__', 'constructor', 'Primary_Goal'])(
    'knows no section for %j',
    (id) => {
      expect(sectionForQuestion(id)).toBeUndefined()
    },
  )
})

describe('QUESTION_SET_VERSION', () => {
  it('is a short text that fits the audits.questionSetVersion field (max 32)', () => {
    expect(QUESTION_SET_VERSION).toMatch(/^\S{1,32}$/)
  })

  it('was bumped when ids, values or scores changed (update both together)', () => {
    // If this fails you changed what scoring depends on: bump QUESTION_SET_VERSION, then
    // record the new pair here.
    expect({ version: QUESTION_SET_VERSION, fingerprint: questionSetFingerprint() }).toEqual({
      version: '2026-11.1',
      fingerprint: '238eda2e',
    })
  })
})
