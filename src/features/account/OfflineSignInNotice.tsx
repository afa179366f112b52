import { Link } from 'react-router-dom'
import { paths } from '../../config/paths'
import { accountMessages } from '../../backend/account-api'

/** Shown on /login and /signup while offline: the free audit works without a connection. */
export function OfflineSignInNotice() {
  return (
    <div className="account-notice" role="status">
      <p>
        <strong>You&apos;re offline.</strong> {accountMessages.offlineSignIn} You can take the free
        audit in the meantime.
      </p>
      <Link to={paths.freeAudit} className="btn btn-secondary">
        Take the Free Audit
      </Link>
    </div>
  )
}
