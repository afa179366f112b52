// Validation of an audit submission, run when the browser queues an audit and
// again by the server hook. Messages are the spec's; field errors name the exact field,
// e.g. 'answers.primary_goal', so the server can answer 400 with PocketBase's error shape.
import { ANSWER_NOT_GIVEN, OTHER_TEXT_MAX_LENGTH, optionFor, questionById } from './questions'
import type { SubmissionValidation } from './types'

/** The spec's messages, by field. */
export const SUBMISSION_MESSAGES = {
  email: 'Invalid email format',
  answers: 'Invalid answers format',
  scores: 'Invalid scores format',
  recommendations: 'Invalid recommendations format',
  newsletterSubscription: 'Invalid newsletter subscription format',
} as const

/** Machine codes of field errors, in PocketBase's `validation_*` style. */
export const VALIDATION_CODES = {
  invalidEmail: 'validation_invalid_email',
  invalidFormat: 'validation_invalid_format',
  unknownQuestion: 'validation_unknown_question',
  unknownOption: 'validation_unknown_option',
  tooLong: 'validation_too_long',
} as const

/** Keeps a hostile submission from producing a huge error response. */
const MAX_FIELD_ERRORS = 20
const MAX_KEY_IN_PATH = 64

// Deliberately loose (one @, a dot in the domain): PocketBase's email field checks strictly.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null
}

/**
 * The option value inside one submitted answer: a plain value, or {value, score} as the
 * browser sends it (the score is ignored). null means "not answered"; undefined means the
 * answer is malformed.
 */
function submittedValue(answer: unknown): string | null | undefined {
  if (typeof answer === 'string') return answer
  if (answer === null) return null
  if (isPlainObject(answer)) {
    const value = answer.value
    if (typeof value === 'string') return value
    if (value === null || value === undefined) return null
  }
  return undefined
}

/**
 * Checks the shape of a submission: email, answers, otherTexts, scores, recommendations and
 * newsletterSubscription. Missing answers are fine (they are filled later); scores and
 * recommendations may be left out, because the server computes them anyway.
 */
export function validateSubmission(input: unknown): SubmissionValidation {
  const submission = isPlainObject(input) ? input : {}
  const fieldErrors: Record<string, string> = {}
  const fieldCodes: Record<string, string> = {}
  let message: string | undefined
  let errorCount = 0

  const fail = (field: string, code: string, fieldMessage: string, topMessage: string) => {
    message = message ?? topMessage
    if (errorCount >= MAX_FIELD_ERRORS) return
    errorCount++
    fieldErrors[field] = fieldMessage
    fieldCodes[field] = code
  }
  const path = (prefix: string, key: string) => `${prefix}.${key.slice(0, MAX_KEY_IN_PATH)}`

  const email = submission.email
  if (typeof email !== 'string' || !EMAIL_PATTERN.test(email.trim())) {
    fail(
      'email',
      VALIDATION_CODES.invalidEmail,
      SUBMISSION_MESSAGES.email,
      SUBMISSION_MESSAGES.email,
    )
  }

  const answers = submission.answers
  if (!isPlainObject(answers)) {
    fail(
      'answers',
      VALIDATION_CODES.invalidFormat,
      SUBMISSION_MESSAGES.answers,
      SUBMISSION_MESSAGES.answers,
    )
  } else {
    for (const id of Object.keys(answers)) {
      const question = questionById(id)
      const value = submittedValue(answers[id])
      if (!question) {
        fail(
          path('answers', id),
          VALIDATION_CODES.unknownQuestion,
          `Unknown question "${id.slice(0, MAX_KEY_IN_PATH)}".`,
          SUBMISSION_MESSAGES.answers,
        )
      } else if (value === undefined) {
        fail(
          path('answers', id),
          VALIDATION_CODES.invalidFormat,
          'Must be an option value, or { value, score }.',
          SUBMISSION_MESSAGES.answers,
        )
      } else if (value !== null && value !== ANSWER_NOT_GIVEN && !optionFor(id, value)) {
        fail(
          path('answers', id),
          VALIDATION_CODES.unknownOption,
          `"${value.slice(0, MAX_KEY_IN_PATH)}" is not an option of this question.`,
          SUBMISSION_MESSAGES.answers,
        )
      }
    }
  }

  const otherTexts = submission.otherTexts
  if (!isAbsent(otherTexts)) {
    if (!isPlainObject(otherTexts)) {
      fail(
        'otherTexts',
        VALIDATION_CODES.invalidFormat,
        'Must be a map of question id to text.',
        SUBMISSION_MESSAGES.answers,
      )
    } else {
      for (const id of Object.keys(otherTexts)) {
        const text = otherTexts[id]
        if (!questionById(id)) {
          fail(
            path('otherTexts', id),
            VALIDATION_CODES.unknownQuestion,
            `Unknown question "${id.slice(0, MAX_KEY_IN_PATH)}".`,
            SUBMISSION_MESSAGES.answers,
          )
        } else if (typeof text !== 'string' && text !== null) {
          fail(
            path('otherTexts', id),
            VALIDATION_CODES.invalidFormat,
            'Must be text.',
            SUBMISSION_MESSAGES.answers,
          )
        } else if (typeof text === 'string' && text.trim().length > OTHER_TEXT_MAX_LENGTH) {
          fail(
            path('otherTexts', id),
            VALIDATION_CODES.tooLong,
            `Must be ${OTHER_TEXT_MAX_LENGTH} characters or fewer.`,
            SUBMISSION_MESSAGES.answers,
          )
        }
      }
    }
  }

  for (const field of ['scores', 'recommendations'] as const) {
    const value = submission[field]
    if (!isAbsent(value) && !isPlainObject(value)) {
      fail(
        field,
        VALIDATION_CODES.invalidFormat,
        SUBMISSION_MESSAGES[field],
        SUBMISSION_MESSAGES[field],
      )
    }
  }

  const newsletter = submission.newsletterSubscription
  if (!isAbsent(newsletter) && typeof newsletter !== 'boolean') {
    fail(
      'newsletterSubscription',
      VALIDATION_CODES.invalidFormat,
      SUBMISSION_MESSAGES.newsletterSubscription,
      SUBMISSION_MESSAGES.newsletterSubscription,
    )
  }

  return message === undefined ? { ok: true } : { ok: false, message, fieldErrors, fieldCodes }
}

/**
 * Submitted answers ({id: value} or {id: {value, score}}) as the plain {id: value} map that
 * evaluateAudit takes. Malformed and skipped entries are left out; validate first.
 */
export function answerValues(answers: unknown): Record<string, string> {
  const values: Record<string, string> = {}
  if (!isPlainObject(answers)) return values
  for (const id of Object.keys(answers)) {
    const value = submittedValue(answers[id])
    if (typeof value === 'string') values[id] = value
  }
  return values
}

/** Submitted other texts as a plain {id: text} map; anything that is not text is left out. */
export function otherTextValues(otherTexts: unknown): Record<string, string> {
  const texts: Record<string, string> = {}
  if (!isPlainObject(otherTexts)) return texts
  for (const id of Object.keys(otherTexts)) {
    const text = otherTexts[id]
    if (typeof text === 'string') texts[id] = text
  }
  return texts
}
