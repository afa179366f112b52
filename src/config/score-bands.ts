// A score's colour band and its words: 80 and up green, 60 to 79 yellow, below 60 red. The
// site, the results mail and the admin statistics all read these thresholds.
export type ScoreBand = 'green' | 'yellow' | 'red'

export const SCORE_BANDS: Record<ScoreBand, { min: number; word: string }> = {
  green: { min: 80, word: 'Strong' },
  yellow: { min: 60, word: 'Room to improve' },
  red: { min: 0, word: 'Needs attention' },
}

export function scoreBand(score: number): ScoreBand {
  if (score >= SCORE_BANDS.green.min) return 'green'
  if (score >= SCORE_BANDS.yellow.min) return 'yellow'
  return 'red'
}
