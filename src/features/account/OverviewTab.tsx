import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router-dom'
import { NEW_AUDIT_STATE } from '../../config/audit-links'
import { paths } from '../../config/paths'
import type { UserRecord } from '../../backend/types'
import { firstName, formatAuditDate } from './dashboard-audits'
import { BookCall } from './book-call-slot'
import type { MyAudits } from './use-my-audits'

// Only unverified users see it (and, once verified, its confirmation): not in everyone's bundle.
const VerifyEmailNotice = lazy(() => import('./VerifyEmailNotice'))
// Only members with two audits or more see it.
const AuditComparisonCard = lazy(() => import('./AuditComparisonCard'))

export function OverviewTab({
  user,
  audits,
  onShowAudits,
  onShowSettings,
}: {
  user: UserRecord
  audits: MyAudits
  onShowAudits: () => void
  onShowSettings: () => void
}) {
  const last = audits.list[0]
  const [explainVerification] = useState(!user.verified)
  const name = firstName(user.fullName)
  const scored = audits.list.filter((a) => a.scores).length
  return (
    <div className="dashboard-overview">
      <h2>{name ? `Welcome, ${name}!` : 'Welcome!'}</h2>
      {!name && (
        <p className="dashboard-muted">
          Signed in as <span className="dashboard-email">{user.email}</span>.{' '}
          <button type="button" className="dashboard-link-button" onClick={onShowSettings}>
            Add your name
          </button>
        </p>
      )}
      {explainVerification && (
        <Suspense fallback={null}>
          <VerifyEmailNotice user={user} />
        </Suspense>
      )}
      <p>
        See how your business is doing audit after audit, and where your next hours can come from.
      </p>
      <div className="dashboard-actions">
        <Link to={paths.digitalAudit} state={NEW_AUDIT_STATE} className="btn btn-primary">
          Start New Audit
        </Link>
        <BookCall prefill={{ name: user.fullName || undefined, email: user.email }} />
      </div>
      <dl className="dashboard-stats">
        <div className="dashboard-stat">
          <dt>Total audits</dt>
          <dd>{audits.ready ? audits.list.length : '...'}</dd>
        </div>
        <div className="dashboard-stat">
          <dt>Last audit</dt>
          <dd>{last ? formatAuditDate(last.createdAt) : audits.ready ? 'None yet' : '...'}</dd>
        </div>
      </dl>
      {scored >= 2 && (
        <Suspense fallback={null}>
          <AuditComparisonCard audits={audits.list} />
          <AuditComparisonCard audits={audits.list} against="first" />
        </Suspense>
      )}
      {audits.list.length > 0 && (
        <button type="button" className="btn btn-secondary" onClick={onShowAudits}>
          View My Audits
        </button>
      )}
    </div>
  )
}
