import { useId, useMemo } from 'react'
import type { ReactNode, Ref } from 'react'
import { Link } from 'react-router-dom'
import {
  peerSentence,
  scoreBand,
  sections,
  withRecommendations,
  type AuditScoring,
} from '../../audit'
import { auditReference } from '../../config/audit-reference'
import { paths } from '../../config/paths'
import { BookCallButton } from '../../components/BookCallButton'
import { site } from '../../config/site'
import { mailtoHref } from '../../config/email-address'
import { phoneHref } from '../../config/site-content-helpers'
import { ContactForm } from '../../components/ContactForm'
import { useSiteContent } from '../../components/site-content'
import { usePeerPercents } from '../../offline/use-peer-percents'
import { sectionScoreText } from '../../config/score-bands'
import { BandWord } from '../../components/BandWord'
import { ScoreCircle } from './ScoreCircle'
import { TopRecommendations } from './TopRecommendations'

// The report's status lines come with the report's code (src/features/audit/use-report-code.ts):
// no page needs them before the report.
export { DeliveryStatus } from './DeliveryStatus'
export { FreeResultsStatus } from './FreeResultsStatus'
export { DashboardInvite } from './DashboardInvite'

export const RESTART_CONFIRM =
  'Take the audit again? Your answers and this report will be cleared from this device.'

const OVERALL_SUMMARY = {
  green: 'Your business runs well. A few targeted changes can still win back time every week.',
  yellow: 'A solid base with clear gaps. Fixing the weakest areas below will free up real hours.',
  red: 'There is a lot of time and business slipping through the cracks - and a lot to gain.',
} as const

interface AuditReportProps {
  /** The answers as the audit scored them; the report draws the recommendations from them. */
  evaluation: AuditScoring
  auditId: string
  /** Who the report is for (shown under the title). */
  email?: string
  /** Their name when known (signed in): the scheduler is filled in with it. */
  name?: string
  headingRef: Ref<HTMLHeadingElement>
  /** Where the audit is: sent, waiting for a connection, refused. */
  status?: ReactNode
  /** 'Take Audit Again', after the visitor confirmed. */
  onRestart(): void
  /** What 'Take Audit Again' asks first (null: nothing is lost, it starts at once). */
  restartConfirm?: string | null
  /** Flow-specific parts after the recommendations (the free dashboard invitation). */
  children?: ReactNode
}

/**
 * The full report of both flows: overall score in a coloured circle, a bar per section, the Top 3
 * Recommendations with what each may be worth, the recommendations per section, the next steps
 * and the report contact form. A print stylesheet turns it into one page: the scores, the Top 3 and, on
 * paper only, how to book (PrintedNextStep).
 */
export function AuditReport({
  evaluation: scoring,
  auditId,
  email,
  name,
  headingRef,
  status,
  onRestart,
  restartConfirm = RESTART_CONFIRM,
  children,
}: AuditReportProps) {
  const ids = {
    title: useId(),
    sections: useId(),
    bySection: useId(),
    contact: useId(),
  }
  const evaluation = useMemo(() => withRecommendations(scoring), [scoring])
  const { overallScore, sectionScores } = evaluation.scores
  const { sectionRecommendations } = evaluation.recommendations
  const band = scoreBand(overallScore)
  const peers = usePeerPercents(evaluation.scores)
  const higherOverall = peers?.overall ?? null
  const content = useSiteContent()
  // The report's audit names its person when a booking is made from here.
  const prefill = { name, email, reportAudit: auditId }

  function confirmRestart() {
    if (restartConfirm === null || window.confirm(restartConfirm)) onRestart()
  }

  return (
    <article className="audit-report" aria-labelledby={ids.title}>
      <header className="audit-report__header">
        {/* On paper only: who prepared the report and how to reach them. */}
        <p className="audit-report__print-brand">
          {content.businessName} · {content.phone} · {content.email}
          {typeof location === 'undefined' ? '' : ` · ${location.host}`}
        </p>
        <p className="eyebrow">Business Efficiency Audit</p>
        <h1 id={ids.title} ref={headingRef} tabIndex={-1}>
          Your Business Efficiency Report
        </h1>
        <dl className="audit-report__meta">
          {/* Short, for quoting to the consultant; the whole id stays with the audit's data. */}
          <div>
            <dt>Reference</dt>
            <dd className="audit-report__id">{auditReference(auditId)}</dd>
          </div>
          {email && (
            <div>
              <dt>Prepared for</dt>
              <dd>{email}</dd>
            </div>
          )}
        </dl>
        {status}
      </header>

      <section className="audit-report__overall card" aria-label="Overall score">
        <ScoreCircle score={overallScore} label="Overall score" />
        <div className="audit-score-summary">
          <h2>Overall score: {overallScore}%</h2>
          <p>{OVERALL_SUMMARY[band]}</p>
          {higherOverall !== null && (
            <p className="audit-report__peers">{peerSentence(higherOverall)}</p>
          )}
        </div>
      </section>

      {/* On a phone the report is long: the call to action right after the score, and at the end. */}
      <div className="audit-report__early-cta no-print">
        <BookCallButton prefill={prefill} />
      </div>

      <section className="audit-report__block card" aria-labelledby={ids.sections}>
        <h2 id={ids.sections}>Score by Section</h2>
        {/* The chart's one text equivalent: every section's score, band and benchmark. */}
        <p className="visually-hidden">
          {sections
            .map(({ name }) => {
              const text = sectionScoreText(name, sectionScores[name] ?? 0)
              const higher = peers?.sections[name] ?? null
              return higher === null ? `${text}.` : `${text}. ${peerSentence(higher)}`
            })
            .join(' ')}
        </p>
        <ul className="section-scores" aria-hidden="true">
          {sections.map(({ name }) => {
            const score = sectionScores[name] ?? 0
            const sectionBand = scoreBand(score)
            const higher = peers?.sections[name] ?? null
            return (
              <li key={name} className="section-score">
                <div className="section-score__text">
                  <span className="section-score__name">{name}</span>
                  <span className="section-score__value">
                    {score}% <BandWord score={score} />
                  </span>
                </div>
                <div className="section-score__bar">
                  <span
                    className={`section-score__fill section-score__fill--${sectionBand}`}
                    style={{ width: `${Math.max(0, Math.min(100, score))}%` }}
                  />
                </div>
                {higher !== null && <p className="section-score__peers">{peerSentence(higher)}</p>}
              </li>
            )
          })}
        </ul>
      </section>

      <TopRecommendations evaluation={evaluation} />

      {Object.keys(sectionRecommendations).length > 0 && (
        // On paper the report is one page: the scores, the Top 3 and the way to book.
        <section className="audit-report__block card print-hidden" aria-labelledby={ids.bySection}>
          <h2 id={ids.bySection}>Recommendations by Section</h2>
          {Object.entries(sectionRecommendations).map(([name, list]) => (
            <div key={name} className="section-recommendations">
              <h3>
                {name}{' '}
                <span className="section-recommendations__score">{sectionScores[name] ?? 0}%</span>
              </h3>
              <ul>
                {list.map((rec) => (
                  <li key={rec.title}>
                    <strong>{rec.title}.</strong> {rec.description}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}

      <PrintedNextStep />

      {children}

      <section className="audit-report__next no-print" aria-label="What's next">
        <h2>Want help putting this into practice?</h2>
        <p>
          A free 15-minute call is enough to pick the one change that saves you the most time. No
          pressure, no jargon.
        </p>
        <div className="audit-report__actions">
          <BookCallButton prefill={prefill} />
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
            Print or save as PDF
          </button>
        </div>
        <div className="audit-report__actions">
          <Link to={paths.home} className="btn btn-secondary">
            Back to Home
          </Link>
          <Link to={paths.dashboard} className="btn btn-secondary">
            Go to Dashboard
          </Link>
          <button type="button" className="btn btn-secondary" onClick={confirmRestart}>
            Take Audit Again
          </button>
        </div>
      </section>

      <section className="audit-report__contact card no-print" aria-labelledby={ids.contact}>
        <h2 id={ids.contact}>Questions about your report?</h2>
        <p>Send me a note about your results and I'll get back to you soon.</p>
        {/* Filled in with who the report is for: they just gave (or signed in with) it. */}
        <ContactForm
          source="business_efficiency_audit"
          auditId={auditId}
          initial={{ name: name?.trim() ?? '', email: email ?? '' }}
        />
      </section>
    </article>
  )
}

/**
 * On paper only: where the reader goes next, with the addresses written out (a printed page has
 * no buttons) and live links in a saved PDF. Everything comes from the site's settings, so it
 * prints offline too.
 */
function PrintedNextStep() {
  const content = useSiteContent()
  const origin = typeof location === 'undefined' ? site.url : location.origin
  const booking = new URL(paths.book, origin)
  return (
    <section className="audit-report__print-next card">
      <h2>Your next step: a free 15-minute call</h2>
      <p>
        Book at <a href={booking.href}>{`${booking.host}${booking.pathname}`}</a>, call{' '}
        <a href={phoneHref(content)}>{content.phone}</a> or write to{' '}
        <a href={mailtoHref(content.email)}>{content.email}</a>. {content.ownerName},{' '}
        {content.businessName}. The recommendations for every section are in your report on the
        site.
      </p>
    </section>
  )
}
