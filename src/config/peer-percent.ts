// How one score compares with every audit's, from the peer benchmark's histograms (counts per
// score 0-100). Shared by the report in the browser (loaded with the benchmark, not with the
// audit) and the follow-up mails on the server.

/** The share (0-100, rounded down) of audits in `histogram` that scored below `score`. */
export function higherThanPercent(histogram: number[] | undefined, score: number): number | null {
  if (!histogram) return null
  let total = 0
  let below = 0
  histogram.forEach((count, value) => {
    total += count
    if (value < score) below += count
  })
  return total > 0 ? Math.floor((below / total) * 100) : null
}
