import { Link } from 'react-router-dom'
import { paths, withNext } from '../../config/paths'

/** The member audit while signed out; both account links come back to `next`. */
export function SignInRequired({ next }: { next: string }) {
  return (
    <section className="audit-gate card">
      <h1>Sign in required</h1>
      <p>Please create an account or sign in to take the Business Efficiency Audit.</p>
      <div className="audit-report__actions">
        <Link to={paths.home} className="btn btn-secondary">
          Go Home
        </Link>
        <Link to={withNext(paths.signup, next)} className="btn btn-accent">
          Create Account
        </Link>
        <Link to={withNext(paths.login, next)} className="btn btn-primary">
          I already have an account
        </Link>
      </div>
      <p className="audit-gate__alt">
        Just want a quick score? <Link to={paths.freeAudit}>Take the free audit</Link> - no account
        needed.
      </p>
    </section>
  )
}
