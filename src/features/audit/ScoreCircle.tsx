import type { CSSProperties } from 'react'
import { scoreBand } from '../../audit/questionnaire'
import { bandWord } from '../../config/score-bands'

interface ScoreCircleProps {
  score: number
  /** What the score is, for screen readers, e.g. 'Overall score'. */
  label: string
}

/** The score in a ring coloured by band (80+ green, 60-79 yellow, under 60 red). */
export function ScoreCircle({ score, label }: ScoreCircleProps) {
  const band = scoreBand(score)
  const fill = { '--score': `${Math.max(0, Math.min(100, score))}%` } as CSSProperties
  return (
    <div
      className={`score-circle score-circle--${band}`}
      style={fill}
      role="img"
      aria-label={`${label}: ${score}%, ${bandWord(score).toLowerCase()}`}
    >
      <span className="score-circle__value" aria-hidden="true">
        {score}%
      </span>
      <span className="score-circle__band" aria-hidden="true">
        {bandWord(score)}
      </span>
    </div>
  )
}
