import { useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { accountMessages } from '../../backend/account-api'
import { useSession } from '../../backend/session'
import { messages } from '../../config/messages'
import { paths, withNext } from '../../config/paths'
import { useFocusOnChange, useVerificationOutcome } from './use-link-outcome'
import { AccountOutcome } from './AccountOutcome'
import { useResendVerification } from './use-resend-verification'
import './account.css'

const SETTINGS = `${paths.dashboard}?tab=settings`

/** /verify-email/:token, the verification mail's link: confirms it at once and says so. */
export default function VerifyEmailPage() {
  const { token = '' } = useParams()
  const [attempt, setAttempt] = useState(0)
  const outcome = useVerificationOutcome(token, attempt)
  const { signedIn, verified } = useSession()
  const heading = useFocusOnChange<HTMLHeadingElement>(outcome?.kind)
  const retry = () => setAttempt((n) => n + 1)

  if (!outcome) {
    return (
      <main className="container narrow account-page" id="main">
        <h1>Verify Your Email</h1>
        <p className="account-progress" role="status">
          Verifying your email...
        </p>
      </main>
    )
  }

  if (outcome.kind === 'done') {
    return (
      <AccountOutcome
        title="Your Email Is Verified"
        headingRef={heading}
        message="Thank you. Free audits you took with this email now appear in your dashboard."
      >
        {signedIn ? (
          <Link to={paths.dashboard} className="btn btn-primary">
            Go to My Dashboard
          </Link>
        ) : (
          <Link to={withNext(paths.login, paths.dashboard)} className="btn btn-primary">
            Sign In
          </Link>
        )}
      </AccountOutcome>
    )
  }

  if (outcome.kind === 'invalid') {
    return (
      <AccountOutcome
        title="This Link Has Expired"
        headingRef={heading}
        message={
          <>
            The verification link is no longer valid: it has expired, or a newer one was sent after
            it. We can send you a new one.
          </>
        }
      >
        {verified ? (
          <>
            <p>Your email is already verified, so there is nothing more to do.</p>
            <Link to={paths.dashboard} className="btn btn-primary">
              Go to My Dashboard
            </Link>
          </>
        ) : signedIn ? (
          <ResendVerification />
        ) : (
          <>
            <p>Sign in, then ask for a new link on your dashboard.</p>
            <Link to={withNext(paths.login, SETTINGS)} className="btn btn-primary">
              Sign In
            </Link>
          </>
        )}
      </AccountOutcome>
    )
  }

  const problem =
    outcome.kind === 'offline'
      ? messages.offline
      : outcome.kind === 'rate_limited'
        ? accountMessages.resetRateLimited
        : accountMessages.linkFailure
  return (
    <main className="container narrow account-page" id="main">
      <h1 ref={heading} tabIndex={-1}>
        Verify Your Email
      </h1>
      <p className="account-error" role="alert">
        Your email could not be verified yet. {problem}
      </p>
      <button type="button" className="btn btn-primary account-outcome-action" onClick={retry}>
        Try Again
      </button>
    </main>
  )
}

function ResendVerification() {
  const { busy, result, resend } = useResendVerification()

  return (
    <div className="account-outcome-actions">
      <button type="button" className="btn btn-primary" onClick={resend} disabled={busy}>
        {busy ? 'Sending...' : 'Send a New Link'}
      </button>
      <p className={result?.ok === false ? 'account-error' : 'account-success'} role="status">
        {result?.text}
      </p>
    </div>
  )
}
