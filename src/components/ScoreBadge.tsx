import { scoreBand } from '../config/score-bands'
import './score-badge.css'

/**
 * A score as a pill coloured by its band (80+ green, 60-79 yellow, else red). `compact` for
 * table rows, `regular` beside a heading.
 */
export function ScoreBadge({
  score,
  size = 'regular',
}: {
  score: number
  size?: 'compact' | 'regular'
}) {
  return (
    <span className={`score-badge score-badge--${size} score-badge--${scoreBand(score)}`}>
      {score}%
    </span>
  )
}
