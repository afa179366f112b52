import { useId } from 'react'
import type { FormEvent, Ref } from 'react'
import { Link } from 'react-router-dom'
import { lowestScoringSection, type AuditScoring } from '../../audit/questionnaire'
import { paths } from '../../config/paths'
import { ScoreCircle } from './ScoreCircle'
import { stepButton } from './use-step-focus'
import { EMAIL_MAX } from '../../config/limits'
import { Field } from '../../components/Field'

interface FreeAuditTeaserProps {
  evaluation: AuditScoring
  email: string
  headingRef: Ref<HTMLHeadingElement>
  sending: boolean
  /** Shown under the e-mail field, e.g. 'Invalid email format'. */
  emailError: string | null
  /** The spec's 'There was an error. Please try again.' */
  error: string | null
  onEmailChange(email: string): void
  onSubmit(): void
  onReviewAnswers(): void
}

/**
 * The free flow's teaser: thanks, the score, the weakest section as the biggest
 * time-saving opportunity, and the e-mail that unlocks the full report.
 */
export function FreeAuditTeaser({
  evaluation,
  email,
  headingRef,
  sending,
  emailError,
  error,
  onEmailChange,
  onSubmit,
  onReviewAnswers,
}: FreeAuditTeaserProps) {
  const ids = { email: useId(), emailError: useId() }
  const { overallScore, sectionScores } = evaluation.scores
  const weakest = lowestScoringSection(sectionScores)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Ignored while empty or already sending.
    if (sending || !email.trim()) return
    onSubmit()
  }

  return (
    <section className="audit-teaser card">
      <h1 ref={headingRef} tabIndex={-1}>
        Thanks for completing the audit!
      </h1>
      <div className="audit-teaser__score">
        <ScoreCircle score={overallScore} label="Your score" />
        <div className="audit-score-summary">
          <h2>Your score: {overallScore}%</h2>
          {weakest && (
            <p className="audit-teaser__opportunity">
              Your biggest time-saving opportunity is <strong>{weakest}</strong> (
              {sectionScores[weakest]}%).
            </p>
          )}
        </div>
      </div>
      <p>
        Where should I send your full report? You'll get your score for all seven areas and your top
        3 recommendations, and you can read it right here too.
      </p>
      <form className="audit-teaser__form" onSubmit={submit}>
        <Field label="Email" htmlFor={ids.email}>
          <input
            id={ids.email}
            type="email"
            name="email"
            required
            maxLength={EMAIL_MAX}
            autoComplete="email"
            inputMode="email"
            placeholder="you@yourbusiness.com"
            value={email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? ids.emailError : undefined}
            onChange={(e) => onEmailChange(e.target.value)}
          />
          {emailError && (
            <p id={ids.emailError} className="audit-field-error">
              {emailError}
            </p>
          )}
        </Field>
        <button type="submit" className="btn btn-accent audit-teaser__submit" disabled={sending}>
          {sending ? 'Sending...' : 'Get My Results'}
        </button>
        {error && (
          <p className="form-message form-message--error" role="alert">
            {error}
          </p>
        )}
        <p className="audit-teaser__privacy">
          Used only to send your results and reply to you. No spam. See the{' '}
          <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
      </form>
      <button
        type="button"
        className="audit-link-button"
        {...stepButton}
        onClick={onReviewAnswers}
        disabled={sending}
      >
        Review my answers
      </button>
    </section>
  )
}
