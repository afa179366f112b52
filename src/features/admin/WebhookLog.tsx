import type { WebhookAttempt } from '../../backend/webhooks-api'
import { AdminList, type ListDefinition } from './AdminList'
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

/** The log as an admin list: a table from 720 px, a card per attempt under it. */
function logList(
  endpointName: string,
  busy: string | null,
  onResend: (attempt: WebhookAttempt) => void,
): ListDefinition<WebhookAttempt> {
  return {
    label: `Delivery log of ${endpointName}`,
    noun: 'attempts',
    empty: 'No deliveries yet. Send a test event to try the connection.',
    loadFailure: 'Could not load the delivery log.',
    tableClassName: 'integrations-log',
    columns: [
      {
        header: 'Time',
        rowHeader: true,
        cell: (attempt) => (
          <time dateTime={attempt.created.replace(' ', 'T')}>
            {formatDateTime(attempt.created)}
          </time>
        ),
      },
      {
        header: 'Event',
        className: 'integrations-log__event',
        cell: (attempt) => (
          <>
            {eventLabel(attempt.eventType)}
            {triggerLabels[attempt.trigger] ?? ''}
            <code className="integrations-log__code">{attempt.eventType}</code>
          </>
        ),
      },
      { header: 'Try', cell: (attempt) => attempt.attempt },
      {
        header: 'Took',
        className: 'integrations-log__took',
        cell: (attempt) => formatDuration(attempt.durationMs),
      },
      {
        header: 'Result',
        className: 'integrations-log__result',
        cell: (attempt) => (
          <>
            <span className={`integrations-outcome integrations-outcome--${attempt.outcome}`}>
              {outcomeLabels[attempt.outcome]}
            </span>{' '}
            <span className="integrations-log__detail">{attemptResult(attempt)}</span>
            {attempt.error && attempt.outcome !== 'delivered' && (
              <span className="integrations-log__error">{attempt.error}</span>
            )}
          </>
        ),
      },
      {
        header: 'Answer',
        className: 'integrations-log__answer admin-table__wide',
        cell: (attempt) => attempt.response || '–',
      },
      {
        header: 'Actions',
        cell: (attempt) => (
          <button
            type="button"
            className="btn btn-secondary admin-btn-small"
            disabled={busy === attempt.event}
            onClick={() => onResend(attempt)}
          >
            Resend<span className="visually-hidden"> {eventLabel(attempt.eventType)}</span>
          </button>
        ),
      },
    ],
  }
}

/** The endpoint's latest attempts, newest first: time, event, try, time taken, result, answer. */
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
      <AdminList
        definition={logList(props.endpointName, props.busy, props.onResend)}
        rows={attempts}
        loading={false}
        error={undefined}
        onRetry={props.onRetry}
      />
      {props.total > attempts.length && (
        <p className="integrations-hint">
          Showing the latest {attempts.length} of {props.total} attempts.
        </p>
      )}
    </>
  )
}
