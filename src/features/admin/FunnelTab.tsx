// The Funnel tab, as pictures: anonymous funnel steps counted by the server for the last 7, 30 or
// 90 days drawn as narrowing bars with the share that went on from each step to the next; each
// step week by week as a small line; where visits came from; and the average score of each audit
// section over every audit so far (counted afresh with each report) as bars in their band colours.
// Every picture has its words and numbers in the page too (the bars' labels, each line's
// description, the tables under "The numbers").
import { useId, useState } from 'react'
import { scoreBand, sections } from '../../audit/questionnaire'
import { pb } from '../../backend/client'
import { getFunnel, type FunnelReport } from '../../backend/people-api'
import { ScoreBadge } from '../../components/ScoreBadge'
import { FUNNEL_PERIODS, FUNNEL_STEPS, funnelStepLabels, type FunnelStep } from '../../config/leads'
import { barPercent, linePoints, weekLabel, weeklySeries } from './funnel-charts'
import { formatDateTime } from './format'
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
        <ErrorState
          text="Failed to fetch the funnel."
          onRetry={report.refresh}
          error={report.error}
        />
      ) : (
        <>
          <StepBars report={data} />
          <WeeklyLines report={data} />
          <Sources report={data} />
          <SectionBars report={data} />
        </>
      )}
    </div>
  )
}

/** What a visitor did to reach each step after the first, as "went on to ...". */
const wentOnTo: Record<Exclude<FunnelStep, 'visit'>, string> = {
  audit_started: 'start an audit',
  audit_completed: 'complete the audit',
  email_given: 'give their e-mail',
  booking_opened: 'open the booking',
  call_booked: 'book a call',
}

/**
 * The share of the step above that went on to this one, said as such: the line sits between the
 * two bars. Each step is counted on its own (anonymous events, not visitors followed through),
 * so a step reached from elsewhere can outnumber the one before it.
 */
function conversionText(conversion: number | null, step: Exclude<FunnelStep, 'visit'>): string {
  if (conversion === null) return 'None in the step above to count from'
  if (conversion > 100) return 'More than the step above: this step is also reached from elsewhere'
  return `${conversion}% went on to ${wentOnTo[step]}`
}

/** The steps as bars narrowing from the first, with the share that went on between them. */
function StepBars({ report }: { report: FunnelReport }) {
  const id = useId()
  const largest = Math.max(0, ...report.steps.map((s) => s.count))
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>Steps</h2>
      <ol className="admin-funnel__steps">
        {report.steps.map((s, index) => (
          <li key={s.step} className="admin-funnel__step">
            {index > 0 && s.step !== 'visit' && (
              <p className="admin-funnel__conversion">
                <span aria-hidden="true">↓ </span>
                {conversionText(s.conversion, s.step)}
              </p>
            )}
            <p className="admin-funnel__step-text">
              <span>{funnelStepLabels[s.step]}</span>
              <strong>{s.count}</strong>
            </p>
            <span className="admin-funnel__track" aria-hidden="true">
              <span
                className="admin-funnel__bar"
                style={{ width: `${barPercent(s.count, largest)}%` }}
              />
            </span>
          </li>
        ))}
      </ol>
      <p className="admin-muted" data-testid="funnel-bookings">
        Calls booked: {report.bookings.reported} reported by visitors&apos; browsers (each after a
        visit in the same session), {report.bookings.confirmed} confirmed by the server.
      </p>
    </section>
  )
}

const LINE = { width: 160, height: 40 }

/** Each step week by week: one small line per step, its total beside it. */
function WeeklyLines({ report }: { report: FunnelReport }) {
  const id = useId()
  const series = weeklySeries(report)
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>By week</h2>
      {report.weeks.length === 0 ? (
        <p className="admin-state">No events in this period.</p>
      ) : (
        <>
          <ul className="admin-funnel__weeks">
            {FUNNEL_STEPS.map((step) => {
              const values = series.map((w) => w.counts[step] ?? 0)
              const total = values.reduce((a, b) => a + b, 0)
              const description = `${funnelStepLabels[step]} by week: ${series
                .map((w, i) => `week of ${weekLabel(w.week)}, ${values[i]}`)
                .join('; ')}.`
              return (
                <li key={step} className="admin-funnel__week-card">
                  <p className="admin-funnel__step-text">
                    <span>{funnelStepLabels[step]}</span>
                    <strong>{total}</strong>
                  </p>
                  <svg
                    className="admin-funnel__line"
                    viewBox={`-2 -2 ${LINE.width + 4} ${LINE.height + 4}`}
                    preserveAspectRatio="none"
                    role="img"
                    aria-label={description}
                  >
                    <polyline
                      points={linePoints(values, LINE.width, LINE.height)}
                      fill="none"
                      vectorEffect="non-scaling-stroke"
                    />
                  </svg>
                  <p className="admin-funnel__range" aria-hidden="true">
                    <span>{weekLabel(series[0].week)}</span>
                    <span>{weekLabel(series[series.length - 1].week)}</span>
                  </p>
                </li>
              )
            })}
          </ul>
          <details className="admin-funnel__numbers">
            <summary>The numbers by week</summary>
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
                  {series.map((w) => (
                    <tr key={w.week}>
                      <th scope="row">{weekLabel(w.week)}</th>
                      {FUNNEL_STEPS.map((step) => (
                        <td key={step}>{w.counts[step] ?? 0}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  )
}

function Sources({ report }: { report: FunnelReport }) {
  const id = useId()
  return (
    <div className="admin-funnel__sources">
      <section aria-labelledby={`${id}-ref`}>
        <h2 id={`${id}-ref`}>Top referrers</h2>
        {report.referrers.length === 0 ? (
          <p className="admin-state">None recorded.</p>
        ) : (
          <ol className="admin-funnel__list">
            {report.referrers.map((r) => (
              <li key={r.referrer}>
                {r.referrer} <span className="admin-muted">({r.count})</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby={`${id}-camp`}>
        <h2 id={`${id}-camp`}>Top campaigns</h2>
        {report.campaigns.length === 0 ? (
          <p className="admin-state">None recorded.</p>
        ) : (
          <ol className="admin-funnel__list">
            {report.campaigns.map((c) => (
              <li key={`${c.source}/${c.medium}/${c.campaign}`}>
                {[c.source, c.medium, c.campaign].filter(Boolean).join(' / ')}{' '}
                <span className="admin-muted">({c.count})</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}

/** The average score of each section, as bars in their band colours. */
function SectionBars({ report }: { report: FunnelReport }) {
  const id = useId()
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>Average score per section</h2>
      <p className="admin-muted">
        Every audit taken so far, counted{' '}
        <time dateTime={report.countedAt}>{formatDateTime(report.countedAt)}</time>.
      </p>
      {report.sections.length === 0 ? (
        <p className="admin-state">No audits yet.</p>
      ) : (
        <ul className="admin-funnel__sections">
          {inQuestionOrder(report.sections).map((s) => (
            <li key={s.section}>
              <p className="admin-funnel__step-text">
                <span>{s.section}</span>
                <span>
                  <ScoreBadge size="compact" score={s.average} />{' '}
                  <span className="admin-muted">
                    ({s.audits === 1 ? '1 audit' : `${s.audits} audits`})
                  </span>
                </span>
              </p>
              <span className="admin-funnel__track" aria-hidden="true">
                <span
                  className={`admin-funnel__bar admin-funnel__bar--${scoreBand(s.average)}`}
                  style={{ width: `${Math.max(0, Math.min(100, s.average))}%` }}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
