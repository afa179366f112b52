// The Funnel tab: anonymous funnel steps counted by the server for the last 7, 30 or 90 days,
// conversion from each step to the next, week by week, where visits came from, and the
// average score of each audit section across all audits.
import { useId, useState } from 'react'
import { sections } from '../../audit/index'
import { pb } from '../../backend/client'
import { getFunnel } from '../../backend/people-api'
import { ScoreBadge } from '../../components/ScoreBadge'
import { FUNNEL_PERIODS, FUNNEL_STEPS, funnelStepLabels } from '../../config/leads'
import { ErrorState, LoadingState } from './StatusMessage'
import { useServerData } from './use-admin'
import './people.css'

/** The sections in the order the audit asks them; any unknown ones after. */
function inQuestionOrder<T extends { section: string }>(rows: T[]): T[] {
  const order = (name: string) => {
    const i = sections.findIndex((s) => s.name === name)
    return i < 0 ? sections.length : i
  }
  return [...rows].sort((a, b) => order(a.section) - order(b.section))
}

export function FunnelTab() {
  const id = useId()
  const [days, setDays] = useState<number>(30)
  const report = useServerData(`funnel:${days}`, () => getFunnel(pb, days))
  const data = report.data

  return (
    <div className="admin-funnel">
      <form className="admin-toolbar" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-days`}>Period</label>
          <select id={`${id}-days`} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {FUNNEL_PERIODS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </div>
        <div className="admin-toolbar__actions">
          <button type="button" className="btn btn-secondary" onClick={report.refresh}>
            Refresh
          </button>
        </div>
      </form>
      <p className="admin-muted">
        Counted without cookies or personal data: each step is an anonymous event.
      </p>
      {report.loading ? (
        <LoadingState />
      ) : !data ? (
        <ErrorState text="Failed to fetch the funnel." onRetry={report.refresh} />
      ) : (
        <>
          <h2>Steps</h2>
          <div className="admin-table-wrap" role="region" aria-label="Funnel steps" tabIndex={0}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Step</th>
                  <th scope="col">Count</th>
                  <th scope="col">From the step before</th>
                </tr>
              </thead>
              <tbody>
                {data.steps.map((s) => (
                  <tr key={s.step}>
                    <th scope="row">{funnelStepLabels[s.step]}</th>
                    <td>{s.count}</td>
                    <td>{s.conversion === null ? '-' : `${s.conversion}%`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="admin-muted" data-testid="funnel-bookings">
            Calls booked: {data.bookings.reported} reported by visitors&apos; browsers (each after a
            visit in the same session), {data.bookings.confirmed} confirmed by the server.
          </p>

          <h2>By week</h2>
          {data.weeks.length === 0 ? (
            <p className="admin-state">No events in this period.</p>
          ) : (
            <div
              className="admin-table-wrap"
              role="region"
              aria-label="Funnel by week"
              tabIndex={0}
            >
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Week of</th>
                    {FUNNEL_STEPS.map((step) => (
                      <th key={step} scope="col">
                        {funnelStepLabels[step]}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.weeks.map((w) => (
                    <tr key={w.week}>
                      <th scope="row">{w.week}</th>
                      {FUNNEL_STEPS.map((step) => (
                        <td key={step}>{w.counts[step] ?? 0}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          <div className="admin-funnel__sources">
            <section aria-labelledby={`${id}-ref`}>
              <h2 id={`${id}-ref`}>Top referrers</h2>
              {data.referrers.length === 0 ? (
                <p className="admin-state">None recorded.</p>
              ) : (
                <ol className="admin-funnel__list">
                  {data.referrers.map((r) => (
                    <li key={r.referrer}>
                      {r.referrer} <span className="admin-muted">({r.count})</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <section aria-labelledby={`${id}-camp`}>
              <h2 id={`${id}-camp`}>Top campaigns</h2>
              {data.campaigns.length === 0 ? (
                <p className="admin-state">None recorded.</p>
              ) : (
                <ol className="admin-funnel__list">
                  {data.campaigns.map((c) => (
                    <li key={`${c.source}/${c.medium}/${c.campaign}`}>
                      {[c.source, c.medium, c.campaign].filter(Boolean).join(' / ')}{' '}
                      <span className="admin-muted">({c.count})</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>

          <h2>Average score per section (all audits, updated every 10 minutes)</h2>
          {data.sections.length === 0 ? (
            <p className="admin-state">No audits yet.</p>
          ) : (
            <ul className="admin-funnel__list">
              {inQuestionOrder(data.sections).map((s) => (
                <li key={s.section}>
                  {s.section}: <ScoreBadge size="compact" score={s.average} />{' '}
                  <span className="admin-muted">
                    ({s.audits === 1 ? '1 audit' : `${s.audits} audits`})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}
