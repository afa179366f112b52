// The Follow-up tab's figures: per mail of the sequence, how many went out, were clicked, were
// followed by a booking, and why sequences stopped after it.
import { pb } from '../../backend/client'
import { getFollowupFigures } from '../../backend/followup-api'
import {
  FOLLOWUP_STOP_REASONS,
  followupStopLabels,
  type FollowupStopReason,
} from '../../config/followup'
import { ErrorState, LoadingState } from './StatusMessage'
import { useServerData } from './use-admin'

/** "Booked a call: 2, Clicked stop in a follow-up: 1"; `none` for none. */
function describeStops(stops: Record<FollowupStopReason, number>, none = '-'): string {
  const parts = FOLLOWUP_STOP_REASONS.filter((reason) => stops[reason] > 0).map(
    (reason) => `${followupStopLabels[reason]}: ${stops[reason]}`,
  )
  return parts.length ? parts.join(', ') : none
}

export function FollowupFiguresTable() {
  const figures = useServerData('followup:figures', () => getFollowupFigures(pb))
  if (figures.loading) return <LoadingState />
  const data = figures.data
  if (!data)
    return (
      <ErrorState
        text="Failed to fetch the figures."
        onRetry={figures.refresh}
        error={figures.error}
      />
    )
  return (
    <>
      <p className="admin-muted">
        {data.running === 1 ? '1 person has' : `${data.running} people have`} a follow-up still to
        come. Stopped before the first mail: {describeStops(data.stoppedBeforeFirst, 'none')}.
      </p>
      <div
        className="admin-table-wrap"
        role="region"
        aria-label="Figures per follow-up"
        tabIndex={0}
      >
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Mail</th>
              <th scope="col">Sent</th>
              <th scope="col">Waiting</th>
              <th scope="col">Clicked</th>
              <th scope="col">Booked after it</th>
              <th scope="col">Stopped after it</th>
            </tr>
          </thead>
          <tbody>
            {data.steps.map((row) => (
              <tr key={row.step}>
                <th scope="row">
                  Follow-up {row.step}
                  {!row.inSettings && <span className="admin-muted"> (removed)</span>}
                </th>
                <td>
                  {row.sent}
                  {row.notSent > 0 && (
                    <span className="admin-muted"> ({row.notSent} not sent)</span>
                  )}
                </td>
                <td>{row.waiting}</td>
                <td>{row.clicked}</td>
                <td>{row.booked}</td>
                <td>{describeStops(row.stoppedAfter)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <button
          type="button"
          className="btn btn-secondary admin-btn-small"
          onClick={figures.refresh}
        >
          Refresh the figures
        </button>
      </p>
    </>
  )
}
