import { describe, expect, it } from 'vitest'
import {
  ANSWER_NOT_GIVEN,
  answerValues,
  normalizeEmail,
  otherTextValues,
  validateSubmission,
} from '../../../src/audit/index'

const valid = {
  email: 'owner@example.com',
  answers: { primary_goal: { value: 'grow_revenue', score: 10 } },
  scores: { overallScore: 4, sectionScores: {} },
  recommendations: { topRecommendations: [], sectionRecommendations: {} },
  newsletterSubscription: false,
}

describe('validateSubmission', () => {
  it.each([
    ['the browser shape {value, score}', valid],
    ['a plain {questionId: value} map', { ...valid, answers: { primary_goal: 'grow_revenue' } }],
    ['no answers at all (they are filled later)', { ...valid, answers: {} }],
    ['an explicit "Did not answer"', { ...valid, answers: { primary_goal: ANSWER_NOT_GIVEN } }],
    [
      'null as "skipped"',
      { ...valid, answers: { primary_goal: null, lead_tracking: { value: null } } },
    ],
    ['scores and recommendations left out', { email: 'a@b.co', answers: {} }],
    [
      'an other text of exactly 500 characters',
      {
        ...valid,
        answers: { primary_goal: 'other' },
        otherTexts: { primary_goal: 'x'.repeat(500) },
      },
    ],
    ['an e-mail with spaces around it', { ...valid, email: '  Owner@Example.com ' }],
  ])('accepts %s', (_label, submission) => {
    expect(validateSubmission(submission)).toEqual({ ok: true })
  })

  // [label, submission, message, field, code]
  // prettier-ignore
  const rejections: [string, unknown, string, string, string][] = [
    ['no e-mail', { ...valid, email: undefined }, 'Invalid email format', 'email', 'validation_invalid_email'],
    ['an empty e-mail', { ...valid, email: '   ' }, 'Invalid email format', 'email', 'validation_invalid_email'],
    ['an e-mail that is a number', { ...valid, email: 42 }, 'Invalid email format', 'email', 'validation_invalid_email'],
    ['an e-mail without @', { ...valid, email: 'owner.example.com' }, 'Invalid email format', 'email', 'validation_invalid_email'],
    ['answers that are a list', { ...valid, answers: ['grow_revenue'] }, 'Invalid answers format', 'answers', 'validation_invalid_format'],
    ['answers that are text', { ...valid, answers: 'grow_revenue' }, 'Invalid answers format', 'answers', 'validation_invalid_format'],
    ['no answers', { ...valid, answers: undefined }, 'Invalid answers format', 'answers', 'validation_invalid_format'],
    ['an unknown question id', { ...valid, answers: { favourite_colour: 'blue' } }, 'Invalid answers format', 'answers.favourite_colour', 'validation_unknown_question'],
    ['an unknown option value', { ...valid, answers: { primary_goal: 'world_domination' } }, 'Invalid answers format', 'answers.primary_goal', 'validation_unknown_option'],
    ['an option of another question', { ...valid, answers: { primary_goal: { value: 'crm_system', score: 10 } } }, 'Invalid answers format', 'answers.primary_goal', 'validation_unknown_option'],
    ['an answer that is a number', { ...valid, answers: { primary_goal: 10 } }, 'Invalid answers format', 'answers.primary_goal', 'validation_invalid_format'],
    ['an answer value that is a number', { ...valid, answers: { primary_goal: { value: 10 } } }, 'Invalid answers format', 'answers.primary_goal', 'validation_invalid_format'],
    ['other texts that are a list', { ...valid, otherTexts: ['x'] }, 'Invalid answers format', 'otherTexts', 'validation_invalid_format'],
    ['an other text for an unknown question', { ...valid, otherTexts: { nope: 'x' } }, 'Invalid answers format', 'otherTexts.nope', 'validation_unknown_question'],
    ['an other text that is not text', { ...valid, otherTexts: { primary_goal: 5 } }, 'Invalid answers format', 'otherTexts.primary_goal', 'validation_invalid_format'],
    ['an other text of 501 characters', { ...valid, answers: { primary_goal: 'other' }, otherTexts: { primary_goal: 'x'.repeat(501) } }, 'Invalid answers format', 'otherTexts.primary_goal', 'validation_too_long'],
    ['scores that are a number', { ...valid, scores: 97 }, 'Invalid scores format', 'scores', 'validation_invalid_format'],
    ['scores that are a list', { ...valid, scores: [97] }, 'Invalid scores format', 'scores', 'validation_invalid_format'],
    ['recommendations that are text', { ...valid, recommendations: 'do better' }, 'Invalid recommendations format', 'recommendations', 'validation_invalid_format'],
    ['a newsletter flag that is text', { ...valid, newsletterSubscription: 'yes' }, 'Invalid newsletter subscription format', 'newsletterSubscription', 'validation_invalid_format'],
    ['a newsletter flag that is a number', { ...valid, newsletterSubscription: 1 }, 'Invalid newsletter subscription format', 'newsletterSubscription', 'validation_invalid_format'],
  ]

  it.each(rejections)('rejects %s', (_label, submission, message, field, code) => {
    const result = validateSubmission(submission)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.message).toBe(message)
    expect(Object.keys(result.fieldErrors)).toEqual([field])
    expect(result.fieldCodes).toEqual({ [field]: code })
    expect(result.fieldErrors[field]).toMatch(/\S/)
  })

  it('names every bad field, and gives the first problem in spec order as the message', () => {
    const result = validateSubmission({
      email: '',
      answers: { nope: 'x', primary_goal: 'bad' },
      scores: 'x',
      newsletterSubscription: 'no',
    })
    expect(result).toMatchObject({ ok: false, message: 'Invalid email format' })
    if (result.ok) return
    expect(Object.keys(result.fieldErrors).sort()).toEqual(
      ['answers.nope', 'answers.primary_goal', 'email', 'newsletterSubscription', 'scores'].sort(),
    )
  })

  it('treats a submission that is not an object as missing every field', () => {
    expect(validateSubmission(null)).toMatchObject({ ok: false, message: 'Invalid email format' })
    expect(validateSubmission('audit')).toMatchObject({
      ok: false,
      message: 'Invalid email format',
    })
  })

  it('reports at most 20 field errors, and cuts long ids short, whatever it is sent', () => {
    const answers: Record<string, string> = {}
    for (let i = 0; i < 500; i++) answers[`q${i}_${'x'.repeat(200)}`] = 'x'
    const result = validateSubmission({ ...valid, answers })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(Object.keys(result.fieldErrors)).toHaveLength(20)
    for (const field of Object.keys(result.fieldErrors))
      expect(field.length).toBeLessThanOrEqual(72)
  })

  it('does not mistake inherited names for questions', () => {
    const result = validateSubmission({
      ...valid,
      answers: JSON.parse('{"__proto__":"x","toString":"y"}'),
    })
    expect(result).toMatchObject({
      ok: false,
      fieldCodes: {
        'answers.__proto__': 'validation_unknown_question',
        'answers.toString': 'validation_unknown_question',
      },
    })
  })
})

describe('answerValues', () => {
  it('reads both the {value, score} shape and plain values, leaving out skips', () => {
    expect(
      answerValues({
        primary_goal: { value: 'other', score: 99 },
        lead_generation: 'word_of_mouth',
        lead_tracking: null,
        task_automation: { value: null },
      }),
    ).toEqual({ primary_goal: 'other', lead_generation: 'word_of_mouth' })
  })

  it.each([null, undefined, 'x', ['a']])('reads nothing from %j', (input) => {
    expect(answerValues(input)).toEqual({})
  })
})

describe('otherTextValues', () => {
  it('keeps only text', () => {
    expect(otherTextValues({ primary_goal: 'Sell the inn', lead_tracking: 5 })).toEqual({
      primary_goal: 'Sell the inn',
    })
    expect(otherTextValues(undefined)).toEqual({})
  })
})

describe('normalizeEmail', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Owner@Example.COM \n')).toBe('owner@example.com')
  })
})
