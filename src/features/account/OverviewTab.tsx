import { Link } from 'react-router-dom'
import { paths } from '../../config/paths'
import type { UserRecord } from '../../backend/types'
import { formatAuditDate } from './dashboard-audits'
import type { MyAudits } from './use-my-audits'
import { VerifyEmailNotice } from './VerifyEmailNotice'

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
  return (
    <div className="dashboard-overview">
      <h2>Welcome, {user.email}!</h2>
      <VerifyEmailNotice user={user} />
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
