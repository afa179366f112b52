// The step machine of one audit flow, kept in React state and written through to the IndexedDB
// draft (src/offline/drafts.ts) on every change, so a reload, a closed tab or a return days
// later resumes at the same step and section with the same answers.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { evaluateAudit, type AuditEvaluation } from '../../audit'
import { clearDraft, loadDraft, saveDraft } from '../../offline/drafts'
import {
  atSection,
  draftFromState,
  initialFlowState,
  lastSection,
  stateFromDraft,
  withAnswer,
  withOtherText,
  type AuditDelivery,
  type AuditDraftExtras,
  type AuditFlowName,
  type AuditFlowState,
} from './audit-flow-state'

/** Counts a funnel step (anonymous; src/offline/funnel.ts, loaded on demand); never waits. */
function countStep(name: 'audit_started' | 'audit_completed' | 'email_given') {
  import('../../offline/funnel').then((m) => m.recordStep(name)).catch(() => undefined)
}

export interface AuditFlow {
  /** null until the draft has been read: render nothing interactive before. */
  state: AuditFlowState | null
  /** The browser's scoring of the current answers (the server computes the same); null if it failed. */
  evaluation: AuditEvaluation | null
  start(): void
  answer(questionId: string, value: string | null): void
  setOtherText(questionId: string, text: string): void
  setEmail(email: string): void
  goToSection(section: number): void
  /** Free flow: from the last section to the teaser. */
  showTeaser(): void
  /** After the outbox took the audit. */
  showReport(auditId: string, delivery: AuditDelivery): void
  /** 'Take Audit Again': clears the draft and everything else, back to the landing step. */
  restart(): Promise<void>
}

function evaluate(
  answers: Record<string, string> | undefined,
  otherTexts: Record<string, string> | undefined,
): AuditEvaluation | null {
  if (!answers || !otherTexts) return null
  try {
    return evaluateAudit(answers, otherTexts)
  } catch (err) {
    console.error('The audit could not be scored', err)
    return null
  }
}

/**
 * `options.newAudit`: the visitor asked for a new audit (the dashboard's Start New Audit): a
 * finished report kept in the draft is cleared instead of reopened (the audit itself was handed
 * to the outbox, so it is kept in the dashboard); an unfinished one still resumes.
 */
export function useAuditFlow(
  flow: AuditFlowName,
  userId?: string,
  options: { newAudit?: boolean } = {},
): AuditFlow {
  const [state, setState] = useState<AuditFlowState | null>(null)
  const latest = useRef<AuditFlowState | null>(null)
  // Read once, when the draft is: a later change of the option does not clear anything.
  const newAudit = useRef(options.newAudit === true)

  useEffect(() => {
    let cancelled = false
    loadDraft(flow, userId)
      .then(async (draft) => {
        const resumed = stateFromDraft(flow, draft as (typeof draft & AuditDraftExtras) | undefined)
        if (!newAudit.current || resumed.step !== 'report') return resumed
        await clearDraft(flow, userId)
        return initialFlowState
      })
      .catch((err) => {
        // No IndexedDB (e.g. a locked-down private window): the audit still works, unsaved.
        console.warn('The audit draft could not be read', err)
        return initialFlowState
      })
      .then((resumed) => {
        if (cancelled) return
        latest.current = resumed
        setState(resumed)
      })
    return () => {
      cancelled = true
    }
  }, [flow, userId])

  const commit = useCallback(
    (change: (current: AuditFlowState) => AuditFlowState) => {
      const current = latest.current
      if (!current) return
      const next = change(current)
      latest.current = next
      setState(next)
      if (next.step === 'landing') return
      // Writes are queued in order by IndexedDB, so the last change always wins.
      saveDraft(flow, draftFromState(next), userId).catch((err) =>
        console.warn('The audit draft could not be saved', err),
      )
    },
    [flow, userId],
  )

  const restart = useCallback(async () => {
    latest.current = initialFlowState
    setState(initialFlowState)
    try {
      await clearDraft(flow, userId)
    } catch (err) {
      console.warn('The audit draft could not be cleared', err)
    }
  }, [flow, userId])

  const answers = state?.answers
  const otherTexts = state?.otherTexts
  const evaluation = useMemo(() => evaluate(answers, otherTexts), [answers, otherTexts])

  return {
    state,
    evaluation,
    start: () => {
      countStep('audit_started')
      commit(() => ({ ...initialFlowState, step: 'questions' }))
    },
    answer: (questionId, value) => commit((s) => withAnswer(s, questionId, value)),
    setOtherText: (questionId, text) => commit((s) => withOtherText(s, questionId, text)),
    setEmail: (email) => commit((s) => ({ ...s, email })),
    goToSection: (section) => commit((s) => atSection(s, section)),
    showTeaser: () => {
      countStep('audit_completed')
      commit((s) => ({ ...s, step: 'teaser', section: lastSection }))
    },
    showReport: (auditId, delivery) => {
      // The free flow's e-mail was just given; the member flow has no teaser step before this.
      countStep(flow === 'free' ? 'email_given' : 'audit_completed')
      commit((s) => ({ ...s, step: 'report', section: lastSection, auditId, delivery }))
    },
    restart,
  }
}
