import { bandWord, scoreBand } from '../config/score-bands'
import './band-word.css'

/** A score's band in words, in the band's colour: beside a bar, so the band is never colour alone. */
export function BandWord({ score }: { score: number }) {
  return <span className={`band-word band-word--${scoreBand(score)}`}>{bandWord(score)}</span>
}
