// A score's colour band and its words: 80 and up green, 60 to 79 yellow, below 60 red. The
// site, the results mail and the admin statistics all read these thresholds and words, so a band
// is never told by colour alone.
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

/** The band of `score` in words: 'Strong', 'Room to improve' or 'Needs attention'. */
export function bandWord(score: number): string {
  return SCORE_BANDS[scoreBand(score)].word
}

/** One section's score as text: "Sales: 45% (Needs attention)" (charts' text, mails' text part). */
export function sectionScoreText(name: string, score: number): string {
  return `${name}: ${score}% (${bandWord(score)})`
}
