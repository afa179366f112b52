import { useId } from 'react'
import { hoursAtStake, hoursRecovered, hoursText } from '../../audit/payoff'
import { usePayoffAssumptions } from '../../offline/payoff-assumptions'
import {
  compareLatest,
  compareWithFirst,
  describeChange,
  formatAuditDate,
  formatRef,
  type AuditComparison,
  type DashboardAudit,
  type ScoreChange,
} from './dashboard-audits'

const HEADINGS = { previous: 'Since your last audit', first: 'Since your first audit' }

/**
 * The latest audit against the one before (or, `against="first"`, against the first: the
 * progress since the start): overall and per section, each score with how far it moved (the
 * arrow is decoration; the words say it), and, against the first audit, the hours a week won back
 * by the report's payoff model. Nothing until there is something to compare.
 */
export default function AuditComparisonCard({
  audits,
  against = 'previous',
}: {
  audits: readonly DashboardAudit[]
  against?: 'previous' | 'first'
}) {
  const id = useId()
  const comparison = against === 'first' ? compareWithFirst(audits) : compareLatest(audits)
  if (!comparison) return null
  const { latest, previous } = comparison
  return (
    <section className="dashboard-card dashboard-compare" aria-labelledby={id}>
      <h3 id={id}>{HEADINGS[against]}</h3>
      <p className="dashboard-muted">
        {formatRef(latest.ref)} ({formatAuditDate(latest.createdAt)}) against{' '}
        {formatRef(previous.ref)} ({formatAuditDate(previous.createdAt)}).
      </p>
      <ul className="dashboard-compare__list">
        <ChangeRow change={comparison.overall} overall />
        {comparison.sections.map((change) => (
          <ChangeRow key={change.name} change={change} />
        ))}
      </ul>
      {comparison.sinceFirst && <HoursWonBack comparison={comparison} />}
    </section>
  )
}

function ChangeRow({ change, overall = false }: { change: ScoreChange; overall?: boolean }) {
  const direction = change.change > 0 ? 'up' : change.change < 0 ? 'down' : 'same'
  return (
    <li
      className={`dashboard-compare__row dashboard-compare__row--${direction}${overall ? ' dashboard-compare__row--overall' : ''}`}
    >
      <span className="dashboard-compare__name">{change.name}</span>
      <span className="dashboard-compare__score">
        {change.after}%{' '}
        <span className="dashboard-compare__change">
          <span aria-hidden="true">
            {direction === 'up' ? '▲' : direction === 'down' ? '▼' : '='}
          </span>{' '}
          {describeChange(change.change)}
        </span>{' '}
        <span className="dashboard-muted">(was {change.before}%)</span>
      </span>
    </li>
  )
}

/** The hours a week the report's model counts as won back since the first audit. */
function HoursWonBack({ comparison }: { comparison: AuditComparison }) {
  const assumptions = usePayoffAssumptions()
  const { latest, previous: first } = comparison
  if (!latest.answers || !first.answers || !latest.scores || !first.scores) return null
  const won = hoursRecovered(
    hoursAtStake(first.answers, first.scores.sectionScores, assumptions),
    hoursAtStake(latest.answers, latest.scores.sectionScores, assumptions),
  )
  return (
    <p className="dashboard-compare__hours">
      {won.high > 0 ? (
        <>
          <strong>Won back since your first audit: {hoursText(won)}</strong>, by the report&rsquo;s
          estimate.
        </>
      ) : (
        'No hours won back yet by the report’s estimate: its Top 3 are the place to start.'
      )}
    </p>
  )
}
