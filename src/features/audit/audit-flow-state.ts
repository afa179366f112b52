// The audit's step machine as plain data: which screen, which section, the answers so far and,
// once submitted, the audit id. Pure (no React, no I/O), so both flows and their tests share it.
import { questionById, sections } from '../../audit/questionnaire'
import type { DraftRecord, DraftValues } from '../../offline/drafts'

export type AuditFlowName = 'free' | 'member'
export type AuditStep = 'landing' | 'questions' | 'teaser' | 'report'
export type AuditDelivery = 'sent' | 'queued'

export interface AuditFlowState {
  step: AuditStep
  /** Index into `sections`. */
  section: number
  /** questionId -> option value; a skipped question has no entry. */
  answers: Record<string, string>
  /** questionId -> free text of an `other` answer. */
  otherTexts: Record<string, string>
  /** The e-mail typed on the free teaser (the member flow uses the account's). */
  email: string
  /** The record id the outbox gave the submitted audit (shown as "Audit ID"). */
  auditId: string | null
  /** What the outbox said when the audit was handed over. */
  delivery: AuditDelivery | null
}

/** Kept in the draft beside its own fields so a reload on the teaser or report shows it again. */
export interface AuditDraftExtras {
  email?: string
  auditId?: string | null
  delivery?: AuditDelivery | null
}

export const lastSection = sections.length - 1

export const initialFlowState: AuditFlowState = {
  step: 'landing',
  section: 0,
  answers: {},
  otherTexts: {},
  email: '',
  auditId: null,
  delivery: null,
}

function clampSection(section: unknown): number {
  if (typeof section !== 'number' || !Number.isInteger(section)) return 0
  return Math.min(Math.max(section, 0), lastSection)
}

/** Only answers that still match the question set (it may have changed since the visit). */
function knownAnswers(answers: unknown): Record<string, string> {
  const known: Record<string, string> = {}
  if (!answers || typeof answers !== 'object') return known
  for (const [id, value] of Object.entries(answers as Record<string, unknown>)) {
    const question = questionById(id)
    if (question && question.options.some((o) => o.value === value)) known[id] = value as string
  }
  return known
}

function knownTexts(texts: unknown): Record<string, string> {
  const known: Record<string, string> = {}
  if (!texts || typeof texts !== 'object') return known
  for (const [id, text] of Object.entries(texts as Record<string, unknown>)) {
    if (questionById(id) && typeof text === 'string') known[id] = text
  }
  return known
}

/**
 * The state a stored draft resumes at. A draft that claims a later step than it can show (a
 * report without an audit id, a teaser in the member flow) falls back to the questions.
 */
export function stateFromDraft(
  flow: AuditFlowName,
  draft: (DraftRecord & AuditDraftExtras) | null | undefined,
): AuditFlowState {
  if (!draft) return initialFlowState
  const auditId = typeof draft.auditId === 'string' && draft.auditId ? draft.auditId : null
  const delivery = draft.delivery === 'sent' || draft.delivery === 'queued' ? draft.delivery : null
  let step: AuditStep = 'questions'
  if (draft.step === 'report' && auditId) step = 'report'
  else if (draft.step === 'report' || draft.step === 'teaser')
    step = flow === 'free' ? 'teaser' : 'questions'
  return {
    step,
    section: clampSection(draft.section),
    answers: knownAnswers(draft.answers),
    otherTexts: knownTexts(draft.otherTexts),
    email: typeof draft.email === 'string' ? draft.email : '',
    auditId: step === 'report' ? auditId : null,
    delivery: step === 'report' ? delivery : null,
  }
}

/** What is written to the draft for a state (the landing step is never stored). */
export function draftFromState(state: AuditFlowState): Partial<DraftValues> & AuditDraftExtras {
  return {
    step: state.step,
    section: state.section,
    answers: state.answers,
    otherTexts: state.otherTexts,
    email: state.email,
    auditId: state.auditId,
    delivery: state.delivery,
  }
}

export function withAnswer(state: AuditFlowState, questionId: string, value: string | null) {
  const answers = { ...state.answers }
  if (value === null) delete answers[questionId]
  else answers[questionId] = value
  return { ...state, answers }
}

export function withOtherText(state: AuditFlowState, questionId: string, text: string) {
  return { ...state, otherTexts: { ...state.otherTexts, [questionId]: text } }
}

export function atSection(state: AuditFlowState, section: number): AuditFlowState {
  return { ...state, step: 'questions', section: clampSection(section) }
}

export function answeredCount(answers: Record<string, string>): number {
  return Object.keys(answers).length
}
