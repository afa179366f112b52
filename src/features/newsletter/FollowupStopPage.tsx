import { useCallback, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { pb } from '../../backend/client'
import type { LinkOutcome } from '../../backend/newsletter-api'
import { useSiteContent } from '../../components/site-content'
import { paths } from '../../config/paths'
import { firstNameOf } from '../../config/site-content-helpers'
import { linkProblems } from './newsletter-pages'
import { useLinkAction } from './use-link-action'
import './newsletter.css'

/**
 * `/followups/stop/:token`: the stop link at the bottom of every follow-up mail. Opening the page
 * changes nothing (mail scanners open links); one button stops the follow-ups (the newsletter is
 * separate and stays as it is), the other stops everything, the newsletter too.
 */
export default function FollowupStopPage() {
  const { token = '' } = useParams()
  const content = useSiteContent()
  const [everything, setEverything] = useState(false)
  // The call's code comes with the click (this page shares its chunk with the newsletter's).
  const stop = useCallback(
    async (everything: boolean): Promise<LinkOutcome> => {
      try {
        const { stopFollowupsWithToken } = await import('../../backend/followup-api')
        return await stopFollowupsWithToken(pb, token, everything)
      } catch {
        return navigator.onLine === false ? 'offline' : 'failed'
      }
    },
    [token],
  )
  const stopOnly = useCallback(() => stop(false), [stop])
  const stopAll = useCallback(() => stop(true), [stop])
  const followups = useLinkAction(stopOnly, false)
  const all = useLinkAction(stopAll, false)
  const current = everything ? all : followups
  const state = current.state
  const problem = linkProblems[state]
  const working = followups.state === 'working' || all.state === 'working'
  const canTry = state !== 'done' && state !== 'invalid'

  return (
    <main className="container narrow newsletter-page" id="main">
      <meta name="robots" content="noindex" />
      <h1>Stop the follow-ups</h1>
      {state !== 'done' && (
        <p>
          After your Business Efficiency Audit, {firstNameOf(content)} sends a couple of short
          follow-up e-mails. One click and this address gets no more of them.
        </p>
      )}
      {canTry && (
        <div className="newsletter-page__actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={working}
            onClick={() => {
              setEverything(false)
              void followups.run()
            }}
          >
            {followups.state === 'working' ? 'Stopping...' : 'Stop the follow-ups'}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={working}
            onClick={() => {
              setEverything(true)
              void all.run()
            }}
          >
            {all.state === 'working' ? 'Stopping...' : 'Stop everything, the newsletter too'}
          </button>
        </div>
      )}
      <div className="newsletter-page__card" role="status" aria-live="polite">
        {state === 'done' && (
          <>
            <p className="newsletter-page__done">
              {everything ? "Done: you'll get nothing more from us." : 'Done: no more follow-ups.'}
            </p>
            <p>
              {everything
                ? 'The follow-ups have stopped and, if you were subscribed, so has the newsletter.'
                : 'The follow-ups have stopped. If you get the newsletter, it is not affected.'}{' '}
              You can still write to {content.email} any time.
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
