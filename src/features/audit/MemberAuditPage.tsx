// /digital-audit and /digital-strategy-audit: a gate
// while signed out; signed in, landing -> questions -> report. Progress lives in the user's
// own draft; the audit goes through the outbox with flow 'member', bound to that user.
import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { asksForNewAudit } from '../../config/audit-links'
import { messages } from '../../config/messages'
import { useSessionSummary } from '../../backend/session-summary'
import { AuditLanding } from './AuditLanding'
import { AuditLoading } from './AuditLoading'
import { memberReportMessages } from './audit-messages'
import { QuestionStep } from './QuestionStep'
import { SignInRequired } from './SignInRequired'
import { submitAudit } from './submit-audit'
import { useAuditDelivery } from './use-audit-delivery'
import { useAuditFlow } from './use-audit-flow'
import { useStepFocus } from './use-step-focus'
import { useReportCode } from './use-report-code'
import { ReportPending } from './ReportPending'
import './audit.css'

export default function MemberAuditPage() {
  // The SDK-free session summary: the question screens must not wait for the PocketBase SDK.
  const session = useSessionSummary()
  const { pathname, state: linkState } = useLocation()
  const navigate = useNavigate()
  const newAudit = asksForNewAudit(linkState)
  const signedIn = session.signedIn && Boolean(session.userId)
  // "Start New Audit" asked once: a reload or Back later resumes whatever this audit became.
  useEffect(() => {
    if (newAudit && signedIn) navigate(pathname, { replace: true, state: null })
  }, [newAudit, signedIn, navigate, pathname])
  if (!session.signedIn || !session.userId) {
    return (
      <main id="main" className="container audit-page">
        <SignInRequired next={pathname} />
      </main>
    )
  }
  // A new user (sign-out, then someone else signs in) starts from their own draft.
  const user: MemberUser = {
    id: session.userId,
    email: session.email ?? '',
    fullName: session.fullName ?? '',
  }
  return <MemberAudit key={user.id} user={user} newAudit={newAudit} />
}

interface MemberUser {
  id: string
  email: string
  fullName: string
}

function MemberAudit({ user, newAudit }: { user: MemberUser; newAudit: boolean }) {
  const flow = useAuditFlow('member', user.id, { newAudit })
  const { state, evaluation } = flow
  const heading = useStepFocus(state ? `${state.step}:${state.section}` : null)
  const report = useReportCode(state?.step === 'report')
  const [busy, setBusy] = useState(false)
  const busyRef = useRef(false)
  const [error, setError] = useState<string | null>(null)
  const delivery = useAuditDelivery(state?.auditId ?? null, state?.delivery ?? null)

  if (!state) return <AuditLoading />

  async function generateReport() {
    if (busyRef.current) return
    setError(null)
    const scored = flow.evaluate()
    if (!scored) return setError(messages.auditSaveFailure)
    busyRef.current = true
    setBusy(true)
    const outcome = await submitAudit({
      flow: 'member',
      email: user.email,
      userId: user.id,
      evaluation: scored,
    })
    busyRef.current = false
    setBusy(false)
    if (outcome.ok) flow.showReport(outcome.auditId, outcome.delivery)
    else setError(messages.auditSaveFailure)
  }

  const firstName = user.fullName?.trim().split(/\s+/)[0]

  return (
    <main id="main" className="container audit-page">
      {state.step === 'landing' && (
        <AuditLanding
          headingRef={heading}
          eyebrow={firstName ? `Welcome, ${firstName}` : 'Welcome'}
          title="Business Efficiency Audit"
          lead="Answer a few quick questions about how you find customers, run your day and follow up. Your report is saved to your dashboard, so you can compare the next time you take it."
          startLabel="Start Audit"
          onStart={flow.start}
        />
      )}
      {state.step === 'questions' && (
        <QuestionStep
          state={state}
          headingRef={heading}
          onAnswer={flow.answer}
          onOtherText={flow.setOtherText}
          onSection={(section) => {
            setError(null)
            flow.goToSection(section)
          }}
          onFinish={() => void generateReport()}
          busy={busy}
          busyLabel="Generating Report..."
          error={error}
        />
      )}
      {state.step === 'report' &&
        evaluation &&
        state.auditId &&
        (report.AuditReport ? (
          <report.AuditReport
            evaluation={evaluation}
            auditId={state.auditId}
            email={user.email}
            name={user.fullName}
            headingRef={heading}
            status={
              report.DeliveryStatus && (
                <report.DeliveryStatus delivery={delivery} messages={memberReportMessages} />
              )
            }
            // The report is kept in the dashboard: a new audit needs no warning.
            restartConfirm={null}
            onRestart={() => void flow.restart()}
          />
        ) : (
          <ReportPending code={report} />
        ))}
    </main>
  )
}
