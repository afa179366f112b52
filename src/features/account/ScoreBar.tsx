import { scoreBand } from '../../audit/bands'

/** A labelled percentage with a bar coloured by its score band (the number is the text). */
export function ScoreBar({ label, score }: { label: string; score: number }) {
  const clamped = Math.max(0, Math.min(100, score))
  return (
    <div className="score-row">
      <div className="score-row__text">
        <span>{label}</span>
        <span className="score-row__value">{score}%</span>
      </div>
      <div className="score-bar" aria-hidden="true">
        <span
          className={`score-bar__fill score-bar__fill--${scoreBand(score)}`}
          style={{ width: `${clamped}%` }}
        />
      </div>
    </div>
  )
}
