import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '../../config/paths'
import type { UserRecord } from '../../backend/types'
import { formatAuditDate } from './dashboard-audits'
import type { MyAudits } from './use-my-audits'

// Only unverified users see it (and, once verified, its confirmation): not in everyone's bundle.
const VerifyEmailNotice = lazy(() => import('./VerifyEmailNotice'))

export function OverviewTab({
  user,
  audits,
  onShowAudits,
}: {
  user: UserRecord
  audits: MyAudits
  onShowAudits: () => void
}) {
  const last = audits.list[0]
  const [explainVerification] = useState(!user.verified)
  return (
    <div className="dashboard-overview">
      <h2>Welcome, {user.email}!</h2>
      {explainVerification && (
        <Suspense fallback={null}>
          <VerifyEmailNotice user={user} />
        </Suspense>
      )}
      <p>
        See how your business is doing audit after audit, and where your next hours can come from.
      </p>
      <Link to={paths.digitalAudit} className="btn btn-accent">
        Start New Audit
      </Link>
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
      {audits.list.length > 0 && (
        <button type="button" className="btn btn-secondary" onClick={onShowAudits}>
          View My Audits
        </button>
      )}
    </div>
  )
}
