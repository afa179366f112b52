import { scoreBand } from '../../audit/bands'
import { BandWord } from '../../components/BandWord'

/**
 * A labelled percentage and its band in words, with a bar coloured by the band (the text says
 * it all; the bar is decoration).
 */
export function ScoreBar({ label, score }: { label: string; score: number }) {
  const clamped = Math.max(0, Math.min(100, score))
  return (
    <div className="score-row">
      <div className="score-row__text">
        <span className="score-row__label">{label}</span>
        <span className="score-row__value">
          {score}% <BandWord score={score} />
        </span>
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
