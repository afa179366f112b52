import { Link } from 'react-router-dom'
import { NEW_AUDIT_STATE } from '../../config/audit-links'
import { paths } from '../../config/paths'
import type { UserRecord } from '../../backend/types'
import { AuditCard } from './AuditCard'
import { formatAuditTime } from './dashboard-audits'
import type { MyAudits } from './use-my-audits'

export function MyAuditsTab({ user, audits }: { user: UserRecord; audits: MyAudits }) {
  const waiting = audits.list.filter((a) => a.delivery === 'waiting').length
  return (
    <div className="dashboard-audits">
      <div className="dashboard-audits__head">
        <h2>My Audits</h2>
        <SyncLine audits={audits} />
      </div>
      {audits.list.length > 0 && (
        <p>
          <Link to={paths.digitalAudit} state={NEW_AUDIT_STATE} className="btn btn-secondary">
            Take the Audit Again
          </Link>
        </p>
      )}
      {!user.verified && (
        <p className="dashboard-note">
          Free audits you took with {user.email} appear here once your email is verified (see
          Settings).
        </p>
      )}
      {waiting > 0 && (
        <p className="dashboard-note" role="status">
          {waiting === 1 ? '1 audit is' : `${waiting} audits are`} waiting to be sent. They are sent
          automatically when you&apos;re back online.
        </p>
      )}
      {audits.ready && audits.list.length === 0 && (
        <div className="dashboard-empty">
          <p>No audits yet.</p>
          <Link to={paths.digitalAudit} state={NEW_AUDIT_STATE} className="btn btn-accent">
            Start New Audit
          </Link>
        </div>
      )}
      <ul className="audit-list">
        {audits.list.map((audit) => {
          // The server's delete rule: the owner's saved audits; it needs a connection.
          const deletable =
            audits.state !== 'offline' &&
            audit.delivery === 'saved' &&
            (audit.raw as { user?: string }).user === user.id
          return (
            <AuditCard
              key={audit.id}
              audit={audit}
              user={user}
              onDelete={deletable ? () => audits.remove(audit.id) : undefined}
            />
          )
        })}
      </ul>
    </div>
  )
}

function SyncLine({ audits }: { audits: MyAudits }) {
  const updated = audits.syncedAt ? formatAuditTime(new Date(audits.syncedAt).toISOString()) : null
  if (audits.state === 'offline') {
    return (
      <p className="dashboard-sync dashboard-sync--offline" role="status">
        You&apos;re offline.{' '}
        {updated
          ? `Showing your audits as last updated ${updated}.`
          : 'No saved copy of your audits on this device yet.'}
      </p>
    )
  }
  if (audits.state === 'error') {
    return (
      <div className="dashboard-sync" role="status">
        <p>
          {audits.error} {updated && `Showing your audits as last updated ${updated}.`}
        </p>
        <button type="button" className="btn btn-secondary" onClick={audits.refresh}>
          Try Again
        </button>
      </div>
    )
  }
  return (
    <p className="dashboard-sync" role="status">
      {audits.state === 'loading' ? 'Updating...' : updated ? `Last updated ${updated}.` : ''}
    </p>
  )
}
