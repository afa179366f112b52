import { useState } from 'react'
import type { UserRecord } from '../../backend/types'
import { useResendVerification } from './use-resend-verification'

/**
 * Overview: until the e-mail is verified, why free audits are missing and how to fix it; the
 * moment it is verified (the dashboard watches for it), a line saying so.
 */
export default function VerifyEmailNotice({ user }: { user: UserRecord }) {
  const [wasUnverified] = useState(!user.verified)
  const { busy, result, resend } = useResendVerification()

  if (user.verified) {
    return wasUnverified ? (
      <p className="dashboard-verify dashboard-verify--done" role="status">
        Your email is verified. Free audits you took with {user.email} are now under My Audits.
      </p>
    ) : null
  }
  return (
    <div className="dashboard-verify" role="region" aria-label="Verify your email">
      <h3>Verify your email</h3>
      <p>
        We sent a link to <strong>{user.email}</strong>. Open it to verify your email: the free
        audits you took with it then appear here, without reloading this page.
      </p>
      <button type="button" className="btn btn-secondary" onClick={resend} disabled={busy}>
        {busy ? 'Sending...' : 'Resend Verification Email'}
      </button>
      <p className={result?.ok === false ? 'dashboard-error' : 'dashboard-success'} role="status">
        {result?.text}
      </p>
    </div>
  )
}
