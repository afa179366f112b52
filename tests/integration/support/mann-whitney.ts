// The Mann-Whitney U test (two-sided, normal approximation with a correction for ties): do two
// samples come from the same distribution? Used to check that answers take the same time
// whatever a server knows about an address.

export interface MannWhitney {
  u: number
  z: number
  /** Two-sided p-value. */
  p: number
}

/** The standard normal CDF (Abramowitz and Stegun 26.2.17, error below 7.5e-8). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x))
  const d = 0.3989422804014327 * Math.exp((-x * x) / 2)
  const tail =
    d *
    t *
    (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))))
  return x >= 0 ? 1 - tail : tail
}

export function mannWhitney(a: number[], b: number[]): MannWhitney {
  const all = [...a.map((v) => ({ v, from: 0 })), ...b.map((v) => ({ v, from: 1 }))].sort(
    (x, y) => x.v - y.v,
  )
  const ranks = new Array<number>(all.length)
  let tieTerm = 0
  for (let i = 0; i < all.length;) {
    let j = i
    while (j + 1 < all.length && all[j + 1].v === all[i].v) j++
    const rank = (i + j) / 2 + 1
    for (let k = i; k <= j; k++) ranks[k] = rank
    const tied = j - i + 1
    tieTerm += tied ** 3 - tied
    i = j + 1
  }
  let rankSumA = 0
  all.forEach((item, i) => {
    if (item.from === 0) rankSumA += ranks[i]
  })
  const n1 = a.length
  const n2 = b.length
  const u = rankSumA - (n1 * (n1 + 1)) / 2
  const mean = (n1 * n2) / 2
  const n = n1 + n2
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)))
  const z = variance > 0 ? (u - mean) / Math.sqrt(variance) : 0
  return { u, z, p: 2 * (1 - normalCdf(Math.abs(z))) }
}
