// The person page's follow-up section: the sequence's state (the next mail and when, or what it
// waits for, or why it stopped), the mails already queued with what became of them, and a button
// that stops it for this person. Read from the server; when it cannot be reached, it says so.
import { useId, useState } from 'react'
import { pb } from '../../backend/client'
import {
  getPersonFollowups,
  stopPersonFollowups,
  type PersonFollowups as State,
  type SentFollowup,
} from '../../backend/followup-api'
import { FOLLOWUP_GRACE_DAYS, followupStopLabels } from '../../config/followup'
import { formatDateTime } from './format'
import { ErrorState } from './StatusMessage'
import { useServerData } from './use-admin'
import './followup.css'

const proofLabels: Record<string, string> = {
  results_link: 'clicked a link in the results e-mail',
  followup_link: 'clicked a link in a follow-up',
  newsletter: 'confirmed the newsletter',
  account: 'verified an account',
}

const deliveryLabels: Record<string, string> = {
  pending: 'Waiting to send',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Not sent',
  cancelled: 'Not sent',
}

function Summary({ state, hasEmail }: { state: State; hasEmail: boolean }) {
  switch (state.state) {
    case 'none':
      return hasEmail ? (
        <p>No follow-ups: no audit from this address yet.</p>
      ) : (
        <p>No follow-ups: they start after an audit, and this person has no e-mail address.</p>
      )
    case 'waiting':
      return (
        <p>
          Follow-up {state.next?.step} of {state.steps} is due {formatDateTime(state.next?.at)}, but
          waits until the address shows it is theirs (a click in the results e-mail, a confirmed
          newsletter or a verified account); it is skipped if that has not happened{' '}
          {FOLLOWUP_GRACE_DAYS} days after.
        </p>
      )
    case 'scheduled':
      return (
        <p>
          Next: follow-up {state.next?.step} of {state.steps}, &ldquo;{state.next?.subject}
          &rdquo;, on {formatDateTime(state.next?.at)}.
        </p>
      )
    case 'finished':
      return <p>No more follow-ups: the sequence is over.</p>
    case 'stopped':
      return (
        <p>
          Stopped on {formatDateTime(state.stopped?.at)}:{' '}
          {state.stopped ? followupStopLabels[state.stopped.reason] : ''} (after{' '}
          {state.stopped?.afterStep ?? 0} of {state.steps}).
        </p>
      )
  }
}

function SentLine({ mail }: { mail: SentFollowup }) {
  const outcome = deliveryLabels[mail.delivery] ?? 'Queued'
  return (
    <li>
      Follow-up {mail.step}: {outcome}
      {mail.delivery === 'sent' && mail.sentAt ? ` ${formatDateTime(mail.sentAt)}` : ''}
      {mail.delivery !== 'sent' && mail.delivery !== 'pending' && mail.problem
        ? ` (${mail.problem})`
        : ''}
      {mail.clickedAt && ` · clicked ${formatDateTime(mail.clickedAt)}`}
      {mail.bookedAt && ' · booked a call after it'}
    </li>
  )
}

export function PersonFollowups({
  personId,
  hasEmail = true,
}: {
  personId: string
  hasEmail?: boolean
}) {
  const id = useId()
  const loaded = useServerData(`followup:person:${personId}`, () =>
    getPersonFollowups(pb, personId),
  )
  const [stopping, setStopping] = useState(false)
  const [problem, setProblem] = useState('')
  const state = loaded.data

  async function stop() {
    if (!window.confirm('Stop the follow-up e-mails for this person? This cannot be undone.'))
      return
    setStopping(true)
    setProblem('')
    try {
      const after = await stopPersonFollowups(pb, personId)
      loaded.patch(() => after)
    } catch {
      setProblem('Not stopped: the server could not be reached. Please try again.')
    } finally {
      setStopping(false)
    }
  }

  const running = state?.state === 'scheduled' || state?.state === 'waiting'
  return (
    <section className="admin-followup-person" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-person__subtitle">
        Follow-up e-mails
      </h2>
      {loaded.loading ? (
        <p className="admin-state" role="status">
          Loading...
        </p>
      ) : !state ? (
        <ErrorState
          text="The follow-ups could not be loaded."
          onRetry={loaded.refresh}
          error={loaded.error}
          offlineText="You're offline: the follow-ups show when the connection is back."
        />
      ) : (
        <>
          {!state.enabled && (
            <p className="admin-muted">Follow-ups are turned off (Follow-up tab).</p>
          )}
          <Summary state={state} hasEmail={hasEmail} />
          {state.proof && (
            <p className="admin-muted">
              The address is theirs: they {proofLabels[state.proof.by] ?? state.proof.by}
              {state.proof.at ? ` (${formatDateTime(state.proof.at)})` : ''}.
            </p>
          )}
          {state.sent.length > 0 && (
            <ul className="admin-followup-person__sent">
              {state.sent.map((mail) => (
                <SentLine key={mail.id} mail={mail} />
              ))}
            </ul>
          )}
          {running && (
            <button
              type="button"
              className="btn btn-secondary admin-btn-small"
              disabled={stopping}
              onClick={() => void stop()}
            >
              {stopping ? 'Stopping...' : 'Stop follow-ups'}
            </button>
          )}
          {problem && (
            <p className="admin-followup__error" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
    </section>
  )
}
