import { useEffect, useState } from 'react'
import { pb } from '../../backend/client'
import {
  getOwnSubscription,
  setOwnSubscription,
  type OwnSubscriptionStatus,
} from '../../backend/newsletter-api'
import { messages } from '../../config/messages'
import type { UserRecord } from '../../backend/types'

const describe: Record<OwnSubscriptionStatus, string> = {
  none: 'You are not subscribed to the business growth tips newsletter.',
  unsubscribed: 'You are not subscribed to the business growth tips newsletter.',
  pending:
    'Almost there: open the link in the e-mail we sent you to confirm your subscription. Nothing is sent before that.',
  active: 'You get the business growth tips newsletter. One short, practical e-mail a month.',
}

/** The Settings tab's newsletter card: the signed-in user's own subscription, and a switch. */
export default function NewsletterSettings({ user }: { user: UserRecord }) {
  const [status, setStatus] = useState<OwnSubscriptionStatus | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState('')

  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    getOwnSubscription(pb).then(
      (current) => live && setStatus(current),
      () => live && setLoadFailed(true),
    )
    return () => {
      live = false
    }
  }, [attempt, user.email])

  async function change(subscribed: boolean) {
    setBusy(true)
    setProblem('')
    try {
      setStatus(await setOwnSubscription(pb, subscribed))
    } catch {
      setProblem(navigator.onLine ? messages.newsletterFailure : messages.offline)
    } finally {
      setBusy(false)
    }
  }

  const subscribed = status === 'active' || status === 'pending'
  return (
    <div className="dashboard-card" aria-busy={status === null && !loadFailed}>
      <h3>Newsletter</h3>
      {status === null && !loadFailed && <p role="status">Loading your subscription...</p>}
      {loadFailed && (
        <>
          <p className="dashboard-error" role="alert">
            Your subscription could not be loaded. Please check your connection.
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setLoadFailed(false)
              setAttempt((n) => n + 1)
            }}
          >
            Try Again
          </button>
        </>
      )}
      {status !== null && (
        <>
          <p role="status" data-testid="newsletter-status">
            {describe[status]}
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void change(!subscribed)}
            disabled={busy}
          >
            {busy ? 'Saving...' : subscribed ? 'Unsubscribe' : 'Subscribe'}
          </button>
          <p className="dashboard-error" role="alert">
            {problem}
          </p>
        </>
      )}
    </div>
  )
}
