// The audit's vocabulary, shared by the browser, the server hook and the e-mails.

export interface AuditOption {
  /** Stored in `answers[questionId].value`; never shown. */
  value: string
  /** What the owner reads and picks. */
  label: string
  /** 0..10 points. */
  score: number
}

export interface AuditQuestion {
  id: string
  /** Name of the section the question belongs to. */
  section: string
  text: string
  options: readonly AuditOption[]
}

export interface AuditSection {
  /** The section's name as the report shows it; also the key of `sectionScores`. */
  name: string
  /** One line under the section heading: why these questions matter. */
  intro: string
  questions: readonly AuditQuestion[]
}

/** One filled answer as stored with an audit. */
export interface ScoredAnswer {
  value: string
  score: number
}

export interface AuditScores {
  /** 0..100, over every question of the audit. */
  overallScore: number
  /** Section name -> 0..100, in section order. */
  sectionScores: Record<string, number>
}

export interface Recommendation {
  title: string
  description: string
}

export interface TopRecommendation extends Recommendation {
  /** The section it came from, or GENERAL_SECTION for the general advice. */
  section: string
  /** That section's score (the overall score for general advice). */
  score: number
}

export interface AuditRecommendations {
  /** At most 3, weakest section first, never repeated. */
  topRecommendations: TopRecommendation[]
  /** Section name -> advice, in section order; sections where nothing fired are left out. */
  sectionRecommendations: Record<string, Recommendation[]>
}

/** An audit's answers scored, before any advice is drawn from them. */
export interface AuditScoring {
  /** Every question of the set, in order; unanswered ones as 'Did not answer' with 0. */
  answers: Record<string, ScoredAnswer>
  /** Free text kept only for questions answered 'other', trimmed, empty ones dropped. */
  otherTexts: Record<string, string>
  scores: AuditScores
}

export interface AuditEvaluation extends AuditScoring {
  recommendations: AuditRecommendations
}

export type { ScoreBand } from '../config/score-bands'

export type SubmissionValidation =
  | { ok: true }
  | {
      ok: false
      /** The first problem in the spec's words, e.g. 'Invalid answers format'. */
      message: string
      /** Field path -> message, e.g. { 'answers.primary_goal': 'Unknown option "x".' }. */
      fieldErrors: Record<string, string>
      /** Field path -> machine code, e.g. { 'answers.primary_goal': 'validation_unknown_option' }. */
      fieldCodes: Record<string, string>
    }
