import { useCallback } from 'react'
import { Link, useParams } from 'react-router-dom'
import { pb } from '../../backend/client'
import { confirmSubscription } from '../../backend/newsletter-api'
import { paths, sections } from '../../config/paths'
import { linkProblems } from './newsletter-pages'
import { useLinkAction } from './use-link-action'
import './newsletter.css'

/**
 * `/newsletter/confirm/:token`: the link in the confirmation mail. Opening it confirms the
 * sign-up (double opt-in); nothing is sent to the address before that.
 */
export default function NewsletterConfirmPage() {
  const { token = '' } = useParams()
  const action = useCallback(() => confirmSubscription(pb, token), [token])
  const { state, run } = useLinkAction(action, true)
  const problem = linkProblems[state]

  return (
    <main className="container narrow newsletter-page" id="main">
      <h1>Newsletter subscription</h1>
      <div className="newsletter-page__card" role="status" aria-live="polite">
        {state === 'working' && <p>Confirming your subscription...</p>}
        {state === 'done' && (
          <>
            <p className="newsletter-page__done">
              🎉 You&apos;re subscribed! Business growth tips are on their way to your inbox.
            </p>
            <p>Every e-mail has an unsubscribe link at the bottom, so you can stop any time.</p>
          </>
        )}
        {state === 'expired' && (
          <p>
            This address was unsubscribed after this link was sent, so the link no longer works. To
            get the tips again, sign up with the form at the bottom of the{' '}
            <Link to={`${paths.home}#${sections.about}`}>home page</Link>.
          </p>
        )}
        {problem && <p className="newsletter-page__problem">{problem}</p>}
      </div>
      {(state === 'busy' || state === 'offline' || state === 'failed') && (
        <button type="button" className="btn btn-primary" onClick={() => void run()}>
          Try Again
        </button>
      )}
      <p>
        <Link to={paths.home}>Go to the home page</Link>
      </p>
    </main>
  )
}
