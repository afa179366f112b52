// /free-audit: landing -> questions -> teaser -> results.
// Progress lives in the guest draft; the audit goes through the outbox with flow 'free'.
import { Activity, useMemo, useRef, useState } from 'react'
import type { ComponentProps, ReactNode } from 'react'
import { emailAddressProblem } from '../../config/email-address'
import { messages } from '../../config/messages'
import { SUBMISSION_MESSAGES } from '../../audit/questionnaire'
import { AuditLanding } from './AuditLanding'
import { FreeAuditTeaser } from './FreeAuditTeaser'
import { QuestionStep } from './QuestionStep'
import { useValueAfterPaint } from './after-next-paint'
import { lastSection } from './audit-flow-state'
import { submitAudit } from './submit-audit'
import { useAuditDelivery } from './use-audit-delivery'
import { scoreAnswers, useAuditFlow } from './use-audit-flow'
import { useStepFocus } from './use-step-focus'
import { useReportCode } from './use-report-code'
import { ReportPending } from './ReportPending'
import './audit.css'

/** The report's code: the home page fetches it ahead, with this page's. */
export { loadReport } from './use-report-code'

export default function FreeAuditPage() {
  const flow = useAuditFlow('free')
  const { state, evaluation } = flow
  const heading = useStepFocus(state ? `${state.step}:${state.section}` : null)
  const report = useReportCode(state?.step === 'report')
  const [sending, setSending] = useState(false)
  const sendingRef = useRef(false)
  const [error, setError] = useState<string | null>(null)
  const [emailError, setEmailError] = useState<string | null>(null)
  const delivery = useAuditDelivery(state?.auditId ?? null, state?.delivery ?? null)
  const teaserShown = state?.step === 'teaser'
  const questionsShown = state?.step === 'questions'
  // On the landing, the first section comes a frame after it shows (not in the page's first
  // render).
  const onLanding = state?.step === 'landing'
  const questionsAhead = useValueAfterPaint(onLanding, false) && onLanding
  const onLastSection = state?.step === 'questions' && state.section === lastSection
  // The teaser comes a frame after the last section shows (not in Next's tap), and stays once
  // there while the visitor goes between the two (Get My Report, Review my answers).
  const lastSectionShown = useValueAfterPaint(onLastSection, false)
  const [teaserMounted, setTeaserMounted] = useState(false)
  const teaserHere = teaserShown || (onLastSection && (teaserMounted || lastSectionShown))
  if (teaserHere !== teaserMounted) setTeaserMounted(teaserHere)

  function getReport() {
    setError(null)
    if (!flow.evaluate()) return setError(messages.freeAuditProcessFailure)
    flow.showTeaser()
  }

  async function sendResults() {
    if (!state || !evaluation || sendingRef.current || !state.email.trim()) return
    // The site's one rule for addresses (no ?, &, %, / or quotes before the @).
    const unsafe = emailAddressProblem(state.email)
    if (unsafe) return setEmailError(unsafe)
    sendingRef.current = true
    setSending(true)
    setError(null)
    setEmailError(null)
    const outcome = await submitAudit({ flow: 'free', email: state.email, evaluation })
    sendingRef.current = false
    setSending(false)
    if (outcome.ok) {
      // So a later audit to the same address can name this one (its results mail, once a day).
      void import('./results-mail-line')
        .then((m) => m.rememberFreeAudit(outcome.auditId))
        .catch(() => undefined)
      flow.showReport(outcome.auditId, outcome.delivery)
    } else if (outcome.reason === 'invalid-email') setEmailError(SUBMISSION_MESSAGES.email)
    else setError(messages.freeAuditEmailFailure)
  }

  return (
    <main id="main" className="container audit-page">
      {/* The landing also while the draft is read (a few milliseconds): it is what the page is
          prerendered with, and what a first visit shows; a saved draft then resumes. */}
      {(state === null || state.step === 'landing') && (
        <AuditLanding
          headingRef={heading}
          eyebrow="Find the hours your business loses every week"
          title={
            <>
              A Free <span className="audit-nowrap">5-Minute</span> Business Efficiency Audit
            </>
          }
          lead="Answer a few quick questions about how you find customers, run your day and follow up. You'll see your score right away, and get a short report of where you'd save the most time."
          startLabel="Start the Free Audit"
          starting={state === null}
          onStart={flow.start}
        />
      )}
      {/* Rendered ahead, so a tap shows what already exists. On the landing the first section's
          top is laid out in an unseen frame (as the teaser below), a frame after the landing
          shows: Start only opens it (styling and laying it out in the tap took about 30 ms of it
          on a phone slowed 6x). Under the teaser the questions stay, hidden (Review my answers). */}
      {state && (questionsAhead || state.step === 'questions' || state.step === 'teaser') && (
        <AheadFrame shown={!onLanding}>
          <Activity mode={state.step === 'teaser' ? 'hidden' : 'visible'}>
            <QuestionStep
              state={state}
              headingRef={questionsShown ? heading : null}
              onAnswer={flow.answer}
              onOtherText={flow.setOtherText}
              onSection={(section) => {
                setError(null)
                flow.goToSection(section)
              }}
              onFinish={getReport}
              error={error}
              onScreen={questionsShown}
            />
          </Activity>
        </AheadFrame>
      )}
      {/* The teaser is laid out ahead, unseen, a frame after the last section shows (its text
          shaped and its boxes placed), so Get My Report only has to show it: laying it out in
          the tap took 30-45 ms of it on a phone slowed 6x. */}
      {state && teaserHere && (
        <AheadFrame shown={teaserShown}>
          <ScoredTeaser
            answers={state.answers}
            otherTexts={state.otherTexts}
            email={state.email}
            headingRef={teaserShown ? heading : null}
            sending={sending}
            emailError={emailError}
            error={error}
            onEmailChange={(email) => {
              setEmailError(null)
              flow.setEmail(email)
            }}
            onSubmit={() => void sendResults()}
            onReviewAnswers={() => flow.goToSection(lastSection)}
          />
        </AheadFrame>
      )}
      {state?.step === 'report' &&
        evaluation &&
        state.auditId &&
        (report.AuditReport ? (
          <report.AuditReport
            evaluation={evaluation}
            auditId={state.auditId}
            email={state.email.trim()}
            headingRef={heading}
            status={
              report.FreeResultsStatus && (
                <report.FreeResultsStatus
                  auditId={state.auditId}
                  email={state.email.trim()}
                  delivery={delivery}
                />
              )
            }
            onRestart={() => void flow.restart()}
          >
            {report.DashboardInvite && <report.DashboardInvite />}
          </report.AuditReport>
        ) : (
          <ReportPending code={report} />
        ))}
    </main>
  )
}

/**
 * A step laid out ahead of the tap that shows it: until `shown`, unseen (height 0, clipped and
 * hidden: `.audit-ahead-frame` in audit.css), out of reach (`inert`) and out of the accessibility
 * tree. Showing it reuses the layout done ahead.
 */
function AheadFrame({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <div className="audit-ahead-frame" inert={!shown} aria-hidden={!shown || undefined}>
      {children}
    </div>
  )
}

/** The teaser, scored from the answers it is given (also while rendered ahead, hidden). */
function ScoredTeaser({
  answers,
  otherTexts,
  ...props
}: Omit<ComponentProps<typeof FreeAuditTeaser>, 'evaluation'> & {
  answers: Record<string, string>
  otherTexts: Record<string, string>
}) {
  const evaluation = useMemo(() => scoreAnswers(answers, otherTexts), [answers, otherTexts])
  return evaluation && <FreeAuditTeaser evaluation={evaluation} {...props} />
}
