import { useCallback } from 'react'
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom'
import { pb } from '../../backend/client'
import { unsubscribeWithToken } from '../../backend/newsletter-api'
import { paths } from '../../config/paths'
import FollowupStopPage from './FollowupStopPage'
import { linkProblems } from './newsletter-pages'
import { useLinkAction } from './use-link-action'
import './newsletter.css'

/**
 * The pages a mail's unsubscribe or stop link opens, in one chunk: the newsletter's, and the
 * follow-ups' (`/followups/stop/:token`).
 */
export default function NewsletterUnsubscribePage() {
  const { pathname } = useLocation()
  return pathname.startsWith(`${paths.followupStop}/`) ? (
    <FollowupStopPage />
  ) : (
    <NewsletterUnsubscribe />
  )
}

/**
 * `/newsletter/unsubscribe/:token`: the link at the bottom of every mail to a subscriber. Opening
 * the page changes nothing (mail scanners open links); the button unsubscribes, no sign-in needed.
 */
function NewsletterUnsubscribe() {
  const { token = '' } = useParams()
  // The newsletter issue whose link this is, counted in that issue's results.
  const issue = (useSearchParams()[0].get('issue') ?? '').replace(/[^a-z0-9]/g, '').slice(0, 15)
  const action = useCallback(() => unsubscribeWithToken(pb, token, issue), [token, issue])
  const { state, run } = useLinkAction(action, false)
  const problem = linkProblems[state]
  const canTry = state === 'idle' || state === 'busy' || state === 'offline' || state === 'failed'

  return (
    <main className="container narrow newsletter-page" id="main">
      <h1>Unsubscribe from the newsletter</h1>
      {state !== 'done' && (
        <p>
          One click and this address gets no more business growth tips from us. You will not be
          asked why.
        </p>
      )}
      {(canTry || state === 'working') && (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void run()}
          disabled={state === 'working'}
        >
          {state === 'working' ? 'Unsubscribing...' : 'Unsubscribe'}
        </button>
      )}
      <div className="newsletter-page__card" role="status" aria-live="polite">
        {state === 'done' && (
          <>
            <p className="newsletter-page__done">You&apos;re unsubscribed.</p>
            <p>
              You will get no more newsletters from us. Changed your mind? Sign up again from the
              home page and confirm from the e-mail we send.
            </p>
          </>
        )}
        {problem && <p className="newsletter-page__problem">{problem}</p>}
      </div>
      <p>
        <Link to={paths.home}>Go to the home page</Link>
      </p>
    </main>
  )
}
