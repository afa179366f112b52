import { scoreBand } from '../../audit/index'

/** An overall or section score, coloured by the spec's bands (80+ green, 60-79 yellow, else red). */
export function ScoreBadge({ score }: { score: number }) {
  return <span className={`score-badge score-badge--${scoreBand(score)}`}>{score}%</span>
}
