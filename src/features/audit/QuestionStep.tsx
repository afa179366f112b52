import { Activity, memo, startTransition, useId, useRef, useState } from 'react'
import type { Ref } from 'react'
import {
  OTHER_TEXT_MAX_LENGTH,
  OTHER_VALUE,
  questions,
  sections,
  type AuditQuestion,
} from '../../audit/questionnaire'
import { useValueAfterPaint } from './after-next-paint'
import { answeredCount, lastSection, type AuditFlowState } from './audit-flow-state'
import { stepButton } from './use-step-focus'

interface QuestionStepProps {
  state: AuditFlowState
  headingRef: Ref<HTMLHeadingElement>
  onAnswer(questionId: string, value: string | null): void
  onOtherText(questionId: string, text: string): void
  onSection(section: number): void
  /** The last section's button: 'Get My Report'. */
  onFinish(): void
  /** True while the report is being generated (member flow). */
  busy?: boolean
  busyLabel?: string
  error?: string | null
  /** False while the step is rendered ahead, hidden (the free audit's landing and teaser). */
  onScreen?: boolean
}

/**
 * One section per page: its questions as radio groups, `other`
 * revealing 'Please specify...', any question skippable, Previous/Next and a progress bar.
 *
 * The next section is rendered ahead, hidden, while the visitor reads this one (React's
 * Activity renders a hidden subtree after everything visible, in small slices), so Next shows
 * questions that already exist instead of building them in the tap. Sections once shown stay
 * mounted, hidden, for Previous.
 *
 * Start, Next and Previous paint the section's top in the tap (the progress, the heading, its
 * introduction, the old questions gone) and show its questions in a transition after that frame:
 * showing a section's questions styles and lays out each of them, too much for one tap's frame on
 * a slow phone.
 */
export function QuestionStep({
  state,
  headingRef,
  onAnswer,
  onOtherText,
  onSection,
  onFinish,
  busy = false,
  busyLabel = 'Generating Report...',
  error,
  onScreen = true,
}: QuestionStepProps) {
  const headingId = useId()
  const section = sections[state.section]
  const number = state.section + 1
  const isLast = state.section === lastSection
  const answered = answeredCount(state.answers)
  // The furthest section rendered so far (this one's next): every one up to it stays mounted.
  const [furthest, setFurthest] = useState(0)
  const ahead = Math.min(state.section + 1, lastSection)
  if (ahead > furthest) setFurthest(ahead)
  // The section whose questions show: this one, a frame after it came on screen (none before).
  const shownSection = useValueAfterPaint(onScreen ? state.section : -1, -1)
  const questionsPending = shownSection !== state.section

  return (
    <section className="audit-questions" aria-labelledby={headingId} aria-busy={questionsPending}>
      <div className="audit-progress">
        <p className="audit-progress__text">
          <span>
            Section {number} of {sections.length}
          </span>
          <span className="audit-progress__answered">
            {answered} of {questions.length} answered
          </span>
        </p>
        <div
          className="audit-progress__bar"
          role="progressbar"
          aria-label="Audit progress"
          aria-valuemin={1}
          aria-valuemax={sections.length}
          aria-valuenow={number}
          aria-valuetext={`Section ${number} of ${sections.length}`}
        >
          <span style={{ width: `${(number / sections.length) * 100}%` }} />
        </div>
      </div>

      <h1 id={headingId} ref={headingRef} tabIndex={-1} className="audit-questions__title">
        {section.name}
      </h1>
      <p className="audit-questions__intro">{section.intro}</p>

      {sections.slice(0, Math.max(furthest, ahead) + 1).map((each, index) => (
        <Activity
          key={each.name}
          mode={index === state.section && index === shownSection ? 'visible' : 'hidden'}
        >
          {each.questions.map((question, position) => (
            <QuestionCard
              key={question.id}
              question={question}
              position={position + 1}
              value={state.answers[question.id] ?? null}
              otherText={state.otherTexts[question.id] ?? ''}
              onAnswer={onAnswer}
              onOtherText={onOtherText}
            />
          ))}
        </Activity>
      ))}
      {/* Holds the page's height while the questions come, so Previous/Next stay put. */}
      {questionsPending && <div className="audit-questions__pending" />}
      <p className="audit-questions__skip">
        Not sure, or it doesn't fit your business? Skip it: an unanswered question simply scores 0.
      </p>

      {error && (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      )}

      <div className="audit-nav">
        <button
          type="button"
          className="btn btn-secondary audit-nav__previous"
          {...stepButton}
          disabled={state.section === 0 || busy}
          onClick={() => onSection(state.section - 1)}
        >
          Previous
        </button>
        {isLast ? (
          <button
            type="button"
            className="btn btn-accent audit-nav__next"
            {...stepButton}
            disabled={busy}
            onClick={onFinish}
          >
            {busy ? busyLabel : 'Get My Report'}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary audit-nav__next"
            {...stepButton}
            onClick={() => onSection(state.section + 1)}
          >
            Next
          </button>
        )}
      </div>
    </section>
  )
}

interface QuestionCardProps {
  question: AuditQuestion
  position: number
  value: string | null
  otherText: string
  onAnswer(questionId: string, value: string | null): void
  onOtherText(questionId: string, text: string): void
}

/**
 * A radio group of big cards: the whole card is the label, so a thumb can hit it anywhere.
 *
 * A tap paints its answer first: the card shows the picked answer in the tap (only this card
 * renders), and the audit takes it as a transition, drawn in a frame of its own after that
 * (the page's render, the "answered" count, "Clear answer" appearing and moving the cards below).
 * The card follows the audit's answer whenever that changes otherwise (Clear answer, a draft).
 */
const QuestionCard = memo(function QuestionCard({
  question,
  position,
  value,
  otherText,
  onAnswer,
  onOtherText,
}: QuestionCardProps) {
  const otherId = useId()
  // What the radios show: the audit's answer, or the one just tapped until the audit has it.
  const [shown, setShown] = useState(value)
  const [taken, setTaken] = useState(value)
  if (value !== taken) {
    setTaken(value)
    setShown(value)
  }
  // Set when the visitor picks 'other': its text field then scrolls into view (above the
  // phone's sticky Previous/Next bar), but not when a saved draft shows it on arrival.
  const revealOther = useRef(false)
  const showOther = (input: HTMLInputElement | null) => {
    if (!input || !revealOther.current) return
    revealOther.current = false
    input.scrollIntoView?.({ block: 'nearest' })
  }
  return (
    <fieldset className="audit-question">
      <legend className="audit-question__text">
        <span className="audit-question__number" aria-hidden="true">
          {position}.
        </span>{' '}
        {question.text}
      </legend>
      <div className="audit-options">
        {question.options.map((option) => (
          <label key={option.value} className="audit-option">
            <input
              type="radio"
              name={question.id}
              value={option.value}
              checked={shown === option.value}
              onChange={() => {
                revealOther.current = option.value === OTHER_VALUE
                setShown(option.value)
                startTransition(() => onAnswer(question.id, option.value))
              }}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {value === OTHER_VALUE && (
        <div className="audit-other">
          <label htmlFor={otherId} className="visually-hidden">
            Please specify your answer
          </label>
          <input
            ref={showOther}
            id={otherId}
            type="text"
            placeholder="Please specify..."
            maxLength={OTHER_TEXT_MAX_LENGTH}
            value={otherText}
            onChange={(e) => onOtherText(question.id, e.target.value)}
          />
        </div>
      )}
      {value !== null && (
        <button
          type="button"
          className="audit-question__clear"
          onClick={() => onAnswer(question.id, null)}
        >
          Clear answer<span className="visually-hidden"> to question {position}</span>
        </button>
      )}
    </fieldset>
  )
})
