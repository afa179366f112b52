// Small statistics and formatting helpers for the benchmark.

/**
 * The median of numbers (the mean of the middle two for an even count).
 * @param {number[]} values
 */
export function median(values) {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * The nearest-rank percentile `p` (0-100) of numbers.
 * @param {number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[rank - 1]
}

/**
 * @param {number} value
 * @param {number} [digits]
 */
export function round(value, digits = 0) {
  const f = 10 ** digits
  return Math.round(value * f) / f
}

/**
 * A fixed-width text table; the first column is left-aligned, the others right-aligned.
 * @param {string[]} head
 * @param {unknown[][]} rows
 */
export function table(head, rows) {
  const cells = rows.map((r) => r.map((c) => String(c ?? '')))
  const widths = head.map((h, c) => Math.max(h.length, ...cells.map((r) => (r[c] ?? '').length)))
  /** @param {string[]} r */
  const line = (r) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n')
}
