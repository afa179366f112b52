// The report's Top 3 Recommendations, each with what it may be worth: hours a week from the
// visitor's own answers and a yearly value at an hourly rate they may change here (it starts at
// the consultant's rate and is remembered on this device). How the figures are made is one tap
// away. The model is the audit engine's (src/audit/payoff.ts), the same the mails use.
import { useId, useState } from 'react'
import { GENERAL_SECTION, sections, type AuditEvaluation } from '../../audit'
import {
  dollarsText,
  hoursText,
  money,
  recommendationHours,
  yearlyValue,
  type PayoffRange,
} from '../../audit/payoff'
import { FieldError } from '../../components/FieldError'
import { PAYOFF_LIMITS } from '../../config/payoff'
import { usePayoffAssumptions } from '../../offline/payoff-assumptions'

const RATE_KEY = 'payoff-rate'
const { minRate, maxRate } = PAYOFF_LIMITS
const RATE_PROBLEM = `Enter an hourly rate from ${money(minRate)} to ${money(maxRate)}.`

/** A whole-dollar rate within the limits, or null. */
function rateOf(text: string): number | null {
  const rate = Number(text)
  return text.trim() !== '' && Number.isInteger(rate) && rate >= minRate && rate <= maxRate
    ? rate
    : null
}

function storedRate(): string {
  try {
    return localStorage.getItem(RATE_KEY) ?? ''
  } catch {
    return ''
  }
}

function keepRate(text: string): void {
  try {
    if (text) localStorage.setItem(RATE_KEY, text)
    else localStorage.removeItem(RATE_KEY)
  } catch {
    // Storage blocked: the rate lasts as long as the page.
  }
}

export function TopRecommendations({ evaluation }: { evaluation: AuditEvaluation }) {
  const ids = { heading: useId(), rate: useId(), rateError: useId() }
  const assumptions = usePayoffAssumptions()
  // '' = the consultant's rate; what the visitor typed otherwise, even while it is not valid.
  const [rateText, setRateText] = useState(storedRate)
  const typed = rateOf(rateText)
  const rate = typed ?? assumptions.hourlyRate
  const problem = rateText !== '' && typed === null ? RATE_PROBLEM : null
  const { topRecommendations } = evaluation.recommendations
  const payoffs = topRecommendations.map((rec) =>
    recommendationHours(rec, evaluation.answers, rec.score, assumptions),
  )
  const anyPayoff = payoffs.some(Boolean)

  function changeRate(text: string) {
    setRateText(text)
    if (text === '' || rateOf(text) !== null) keepRate(text)
  }

  return (
    <section className="audit-report__block card" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Top 3 Recommendations</h2>
      <ol className="top-recommendations">
        {topRecommendations.map((rec, i) => (
          <li key={`${rec.section}:${rec.title}`}>
            <h3>{rec.title}</h3>
            <p>{rec.description}</p>
            <Payoff hours={payoffs[i]} rate={rate} weeks={assumptions.weeksPerYear} />
            {rec.section !== GENERAL_SECTION && (
              <p className="top-recommendations__section">
                {rec.section} · {rec.score}%
              </p>
            )}
          </li>
        ))}
      </ol>
      {anyPayoff && (
        <div className="payoff-controls">
          <div className="field payoff-rate no-print">
            <label htmlFor={ids.rate}>What an hour of your time is worth</label>
            <div className="payoff-rate__input">
              <span aria-hidden="true">$</span>
              <input
                id={ids.rate}
                type="number"
                inputMode="numeric"
                min={minRate}
                max={maxRate}
                step={5}
                value={rateText === '' ? String(assumptions.hourlyRate) : rateText}
                onChange={(e) => changeRate(e.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? ids.rateError : undefined}
              />
              <span>an hour</span>
            </div>
            <FieldError id={ids.rateError} message={problem} />
          </div>
          <p className="payoff-basis">
            Yearly figures at {money(rate)} an hour, {assumptions.weeksPerYear} working weeks a
            year.
          </p>
          <details className="payoff-assumptions no-print">
            <summary>How these figures are worked out</summary>
            <p>
              Each figure starts from the hours a week that fixing one thing in that area usually
              gives back to a small business whose answer was the weakest one. Your own answer
              scales it: the closer it was to the best answer, the smaller the figure. Areas where
              you already score 80% or more get no figure. These are estimates for planning, not a
              promise.
            </p>
            <table className="payoff-assumptions__table">
              <caption className="visually-hidden">Hours a week per fix, by area</caption>
              <thead>
                <tr>
                  <th scope="col">Area</th>
                  <th scope="col">Hours a week per fix</th>
                </tr>
              </thead>
              <tbody>
                {sections.map(({ name }) => {
                  const range = assumptions.sectionHours[name]
                  return (
                    <tr key={name}>
                      <th scope="row">{name}</th>
                      <td>{range ? `${range.low}-${range.high}` : '-'}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </details>
        </div>
      )}
    </section>
  )
}

function Payoff({
  hours,
  rate,
  weeks,
}: {
  hours: PayoffRange | null
  rate: number
  weeks: number
}) {
  if (!hours) return null
  return (
    <p className="top-recommendations__payoff">
      <strong>Worth {hoursText(hours)}</strong>, {dollarsText(yearlyValue(hours, rate, weeks))}
    </p>
  )
}
