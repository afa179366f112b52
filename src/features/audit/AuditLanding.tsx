import type { ReactNode, Ref } from 'react'
import { questions, sections } from '../../audit/questionnaire'
import { stepButton } from './use-step-focus'

const BENEFITS = [
  {
    title: 'Quick & Easy',
    text: `${questions.length} multiple-choice questions, about 5 minutes. Skip anything that doesn't fit your business, and pick up later where you left off.`,
  },
  {
    title: 'Personalized Insights',
    text: `A score for each of the ${sections.length} areas of your business, so you can see exactly where time and customers slip away.`,
  },
  {
    title: 'Actionable Results',
    text: 'Your top 3 recommendations in plain English - changes you can start on this week, no tech degree needed.',
  },
] as const

interface AuditLandingProps {
  headingRef: Ref<HTMLHeadingElement>
  eyebrow: string
  title: ReactNode
  lead: ReactNode
  startLabel: string
  /** The saved draft is still being read: Start waits for it. */
  starting?: boolean
  onStart(): void
}

/** The first step of both flows: what the audit is, the three benefit cards, and Start. */
export function AuditLanding({
  headingRef,
  eyebrow,
  title,
  lead,
  startLabel,
  starting = false,
  onStart,
}: AuditLandingProps) {
  return (
    <section className="audit-landing">
      <p className="eyebrow">{eyebrow}</p>
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p className="audit-landing__lead">{lead}</p>
      <ul className="audit-benefits">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="audit-benefit card">
            <h2>{benefit.title}</h2>
            <p>{benefit.text}</p>
          </li>
        ))}
      </ul>
      <div className="audit-landing__start">
        <button
          type="button"
          className="btn btn-accent audit-landing__button"
          {...stepButton}
          disabled={starting}
          onClick={onStart}
        >
          {startLabel}
        </button>
        <p className="audit-landing__note">
          Your answers are saved on this device as you go, so you can stop and come back any time -
          even without a signal.
        </p>
      </div>
    </section>
  )
}
