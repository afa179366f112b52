import type { WebhookAttempt } from '../../backend/webhooks-api'
import { formatDateTime } from './format'
import { EmptyState, ErrorState, LoadingState } from './StatusMessage'
import { attemptResult, eventLabel, formatDuration, outcomeLabels } from './webhooks-format'

interface WebhookLogProps {
  endpointName: string
  attempts: WebhookAttempt[] | undefined
  total: number
  loading: boolean
  failed: boolean
  onRetry: () => void
  /** Resend the attempt's event; `busy` is the event being resent. */
  onResend: (attempt: WebhookAttempt) => void
  busy: string | null
}

const triggerLabels: Record<WebhookAttempt['trigger'], string> = {
  event: '',
  resend: ' (resent)',
  test: ' (test)',
}

/** The endpoint's latest attempts, newest first: event, try, result, time taken, answer. */
export function WebhookLog(props: WebhookLogProps) {
  const { attempts } = props
  if (props.loading) return <LoadingState />
  if (props.failed && !attempts) {
    return <ErrorState text="Could not load the delivery log." onRetry={props.onRetry} />
  }
  if (!attempts || attempts.length === 0) {
    return <EmptyState text="No deliveries yet. Send a test event to try the connection." />
  }
  return (
    <>
      {props.failed && (
        <ErrorState text="Could not refresh the delivery log." onRetry={props.onRetry} />
      )}
      <div
        className="admin-table-wrap"
        role="region"
        aria-label={`Delivery log of ${props.endpointName}`}
        tabIndex={0}
      >
        <table className="admin-table integrations-log">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">Try</th>
              <th scope="col">Result</th>
              <th scope="col">Took</th>
              <th scope="col">Answer</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((attempt) => (
              <tr key={attempt.id}>
                <th scope="row">
                  <time dateTime={attempt.created.replace(' ', 'T')}>
                    {formatDateTime(attempt.created)}
                  </time>
                </th>
                <td>
                  {eventLabel(attempt.eventType)}
                  {triggerLabels[attempt.trigger] ?? ''}
                  <br />
                  <code className="integrations-code">{attempt.eventType}</code>
                </td>
                <td>{attempt.attempt}</td>
                <td>
                  <span className={`integrations-outcome integrations-outcome--${attempt.outcome}`}>
                    {outcomeLabels[attempt.outcome]}
                  </span>
                  <br />
                  {attemptResult(attempt)}
                  {attempt.error && attempt.outcome !== 'delivered' && (
                    <span className="integrations-log__error">{attempt.error}</span>
                  )}
                </td>
                <td>{formatDuration(attempt.durationMs)}</td>
                <td className="integrations-log__answer">{attempt.response || '–'}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-secondary admin-btn-small"
                    disabled={props.busy === attempt.event}
                    onClick={() => props.onResend(attempt)}
                  >
                    Resend<span className="visually-hidden"> {eventLabel(attempt.eventType)}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {props.total > attempts.length && (
        <p className="integrations-hint">
          Showing the latest {attempts.length} of {props.total} attempts.
        </p>
      )}
    </>
  )
}
