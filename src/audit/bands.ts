// Score colour bands, in a module of their own so screens that only colour a score (the
// dashboard) do not load the whole audit engine.
import type { ScoreBand } from './types'

/** Colour of a score (SPEC.md §4): 80 and up green, 60 to 79 yellow, below 60 red. */
export function scoreBand(score: number): ScoreBand {
  if (score >= 80) return 'green'
  if (score >= 60) return 'yellow'
  return 'red'
}
