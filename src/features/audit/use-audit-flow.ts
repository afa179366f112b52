// The step machine of one audit flow, kept in React state and written through to the IndexedDB
// draft (src/offline/drafts.ts) after every change, so a reload, a closed tab or a return days
// later resumes at the same step and section with the same answers. A tap paints first: the
// write waits for the frame (changes in between make one write), and goes at once when the page
// is hidden or left.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { scoreAudit, type AuditScoring } from '../../audit/questionnaire'
import { clearDraft, loadDraft, saveDraft } from '../../offline/drafts'
import { afterNextPaint } from './after-next-paint'
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
  /**
   * The browser's scoring of the answers (the server computes the same) on the steps that show
   * it (teaser, report); null on the others, or if it failed.
   */
  evaluation: AuditScoring | null
  /** The scoring of the answers now, on any step (to check before moving on); null if it failed. */
  evaluate(): AuditScoring | null
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

/** The last answers scored and their scoring (see scoreAnswers). */
let lastScored: {
  answers: Record<string, string>
  otherTexts: Record<string, string>
  evaluation: AuditScoring | null
} | null = null

/**
 * The browser's scoring of `answers`, or null (none given, or the scoring failed). The flow's
 * state is never changed in place, so the same two objects score the same: the last scoring is
 * kept and given again (the teaser scores the answers ahead; Get My Report then scores nothing).
 */
export function scoreAnswers(
  answers: Record<string, string> | undefined,
  otherTexts: Record<string, string> | undefined,
): AuditScoring | null {
  if (!answers || !otherTexts) return null
  if (lastScored?.answers === answers && lastScored.otherTexts === otherTexts)
    return lastScored.evaluation
  let evaluation: AuditScoring | null = null
  try {
    evaluation = scoreAudit(answers, otherTexts)
  } catch (err) {
    console.error('The audit could not be scored', err)
  }
  lastScored = { answers, otherTexts, evaluation }
  return evaluation
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

  // The state waiting to be written (null: nothing waits).
  const unsaved = useRef<AuditFlowState | null>(null)
  const saveNow = useCallback(() => {
    const pending = unsaved.current
    if (!pending) return
    unsaved.current = null
    // Writes are queued in order by IndexedDB, so the last change always wins.
    saveDraft(flow, draftFromState(pending), userId).catch((err) =>
      console.warn('The audit draft could not be saved', err),
    )
  }, [flow, userId])

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') saveNow()
    }
    document.addEventListener('visibilitychange', onHide)
    window.addEventListener('pagehide', saveNow)
    return () => {
      document.removeEventListener('visibilitychange', onHide)
      window.removeEventListener('pagehide', saveNow)
      // Leaving the page inside the app: what waits is written now.
      saveNow()
    }
  }, [saveNow])

  const commit = useCallback(
    (change: (current: AuditFlowState) => AuditFlowState) => {
      const current = latest.current
      if (!current) return
      const next = change(current)
      latest.current = next
      setState(next)
      if (next.step === 'landing') return
      const waiting = unsaved.current !== null
      unsaved.current = next
      if (!waiting) afterNextPaint(saveNow)
    },
    [saveNow],
  )

  const restart = useCallback(async () => {
    unsaved.current = null
    // Cleared before the landing shows: a reload once it shows never brings the old report back
    // (a reload aborts a delete still on its way).
    try {
      await clearDraft(flow, userId)
    } catch (err) {
      console.warn('The audit draft could not be cleared', err)
    }
    latest.current = initialFlowState
    setState(initialFlowState)
  }, [flow, userId])

  // Scored on the steps that show it: a tap on an answer does not score the audit.
  const showsScores = state?.step === 'teaser' || state?.step === 'report'
  const answers = state?.answers
  const otherTexts = state?.otherTexts
  const evaluation = useMemo(
    () => (showsScores ? scoreAnswers(answers, otherTexts) : null),
    [showsScores, answers, otherTexts],
  )

  const answer = useCallback(
    (questionId: string, value: string | null) => commit((s) => withAnswer(s, questionId, value)),
    [commit],
  )
  const setOtherText = useCallback(
    (questionId: string, text: string) => commit((s) => withOtherText(s, questionId, text)),
    [commit],
  )

  return {
    state,
    evaluation,
    evaluate: () => scoreAnswers(latest.current?.answers, latest.current?.otherTexts),
    start: () => {
      countStep('audit_started')
      commit(() => ({ ...initialFlowState, step: 'questions' }))
    },
    answer,
    setOtherText,
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
