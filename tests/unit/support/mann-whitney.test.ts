// The statistics the timing tests rely on must be right, or a timing test could never fail.
import { describe, expect, it } from 'vitest'
import { mannWhitney } from '../../integration/support/mann-whitney'

describe('mannWhitney', () => {
  it('finds no difference between a sample and itself', () => {
    const sample = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
    const result = mannWhitney(sample, [...sample])
    expect(result.z).toBeCloseTo(0, 10)
    expect(result.p).toBeCloseTo(1, 6)
  })

  it('matches a textbook example (U and the two-sided p of the normal approximation)', () => {
    // Two groups of 8 with no overlap but one: U = 1 (the smaller U), z = -3.26.
    const a = [1, 2, 3, 4, 5, 6, 7, 10]
    const b = [8, 9, 11, 12, 13, 14, 15, 16]
    const result = mannWhitney(a, b)
    expect(result.u).toBe(2)
    expect(result.z).toBeCloseTo(-3.15, 2)
    expect(result.p).toBeLessThan(0.002)
  })

  it('tells apart two clearly different timing samples (as the old sign-up did: 4 vs 10 ms)', () => {
    const fast = Array.from({ length: 30 }, (_, i) => 4 + (i % 7) * 0.3)
    const slow = Array.from({ length: 30 }, (_, i) => 10 + (i % 5) * 0.4)
    expect(mannWhitney(fast, slow).p).toBeLessThan(0.001)
  })
})
