import { scoreBand } from '../../audit/bands'
import { bandWord } from '../../config/score-bands'

/**
 * A labelled percentage and its band in words, with a bar coloured by the band (the text says
 * it all; the bar is decoration).
 */
export function ScoreBar({ label, score }: { label: string; score: number }) {
  const clamped = Math.max(0, Math.min(100, score))
  const band = scoreBand(score)
  return (
    <div className="score-row">
      <div className="score-row__text">
        <span className="score-row__label">{label}</span>
        <span className="score-row__value">
          {score}%{' '}
          <span className={`score-row__band score-row__band--${band}`}>{bandWord(score)}</span>
        </span>
      </div>
      <div className="score-bar" aria-hidden="true">
        <span
          className={`score-bar__fill score-bar__fill--${band}`}
          style={{ width: `${clamped}%` }}
        />
      </div>
    </div>
  )
}
