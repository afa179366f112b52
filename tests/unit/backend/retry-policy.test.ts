import { describe, expect, it } from 'vitest'
import type { DescribedError } from '../../../src/backend/errors'
import {
  BACKOFF_CAP_MS,
  RETRY_AFTER_MAX_MS,
  actionFor,
  backoffDelayMs,
  isUncertainRefusal,
  longestWaitMs,
  parseRetryAfter,
} from '../../../src/backend/retry-policy'

describe('the back-off schedule', () => {
  it.each([
    // attempts, shortest wait (random 0), longest wait (random -> 1)
    [1, 1_000, 2_000],
    [2, 2_000, 4_000],
    [3, 4_000, 8_000],
    [4, 8_000, 16_000],
    [5, 16_000, 32_000],
    [6, 32_000, 64_000],
    [7, 64_000, 128_000],
    [8, 128_000, 256_000],
    [9, 150_000, 300_000],
    [10, 150_000, 300_000],
    [50, 150_000, 300_000],
  ])('waits between %i-th retry bounds %i and %i ms', (attempts, min, max) => {
    expect(backoffDelayMs(attempts, 0)).toBe(min)
    expect(backoffDelayMs(attempts, 0.999999)).toBe(max)
  })

  it('never waits longer than 5 minutes without a Retry-After', () => {
    for (let attempts = 1; attempts < 200; attempts++) {
      expect(backoffDelayMs(attempts, Math.random())).toBeLessThanOrEqual(BACKOFF_CAP_MS)
    }
  })

  it('spreads retries of the same attempt (jitter)', () => {
    const waits = new Set([0, 0.25, 0.5, 0.75].map((r) => backoffDelayMs(3, r)))
    expect(waits.size).toBe(4)
  })

  it('honours Retry-After as a floor, even beyond the cap, up to one hour', () => {
    expect(backoffDelayMs(1, 0, 30_000)).toBe(30_000)
    expect(backoffDelayMs(1, 0, 600_000)).toBe(600_000)
    expect(backoffDelayMs(1, 0, 86_400_000)).toBe(3_600_000)
    // A Retry-After shorter than the back-off does not shorten it.
    expect(backoffDelayMs(6, 0, 1_000)).toBe(32_000)
  })
})

describe('Retry-After parsing', () => {
  const now = Date.parse('2026-11-21T12:00:00Z')
  it.each([
    ['30', 30_000],
    [' 0 ', 0],
    ['Sat, 21 Nov 2026 12:01:00 GMT', 60_000],
    ['Sat, 21 Nov 2026 11:00:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads %j as %j ms', (header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms)
  })
})

describe('what the outbox does with each answer', () => {
  const err = (
    status: number,
    kind: DescribedError['kind'],
    more: Partial<DescribedError> = {},
  ): DescribedError => ({
    kind,
    status,
    serverMessage: '',
    fieldErrors: {},
    fromPocketBase: true,
    ...more,
  })
  const named = { fieldErrors: { email: 'Must be a valid email address.' } }
  const page = { fromPocketBase: false }
  it.each([
    ['network error', err(0, 'network'), 'retry'],
    ['400 duplicate id', err(400, 'duplicate'), 'delivered'],
    ['400 naming a field', err(400, 'validation', named), 'failed'],
    ['400 naming no field (could not save)', err(400, 'validation'), 'retry'],
    ['401', err(401, 'unauthenticated'), 'failed'],
    ['403', err(403, 'forbidden'), 'failed'],
    ['404', err(404, 'not_found'), 'failed'],
    ['408', err(408, 'server'), 'retry'],
    ['409', err(409, 'server'), 'failed'],
    ['413', err(413, 'server'), 'failed'],
    ["a proxy's 403 page", err(403, 'forbidden', page), 'retry'],
    ["a captive portal's 404 page", err(404, 'not_found', page), 'retry'],
    ["a proxy's 413 page", err(413, 'server', page), 'retry'],
    ['429', err(429, 'rate_limited'), 'retry'],
    ['500', err(500, 'server'), 'retry'],
    ['502', err(502, 'server'), 'retry'],
    ['503', err(503, 'server'), 'retry'],
  ])('%s -> %s', (_name, error, action) => {
    expect(actionFor(error)).toBe(action)
  })

  it.each([
    ['400 naming no field', err(400, 'validation'), true],
    ["a proxy's 413 page", err(413, 'server', page), true],
    ['400 naming a field', err(400, 'validation', named), false],
    ['429 (throttled, not refused)', err(429, 'rate_limited', page), false],
    ['503', err(503, 'server', page), false],
  ])('%s is an uncertain refusal (tried a bounded number of times): %s', (_n, error, uncertain) => {
    expect(isUncertainRefusal(error)).toBe(uncertain)
  })
})

describe('the longest wait the policy sets', () => {
  const error = (retryAfterSeconds?: number): DescribedError => ({
    kind: 'server',
    status: 503,
    serverMessage: '',
    fieldErrors: {},
    retryAfterSeconds,
  })
  it('is the back-off cap, a longer Retry-After, or at most the Retry-After maximum', () => {
    expect(longestWaitMs(undefined)).toBe(BACKOFF_CAP_MS)
    expect(longestWaitMs(error())).toBe(BACKOFF_CAP_MS)
    expect(longestWaitMs(error(30))).toBe(BACKOFF_CAP_MS)
    expect(longestWaitMs(error(1200))).toBe(1_200_000)
    expect(longestWaitMs(error(86_400))).toBe(RETRY_AFTER_MAX_MS)
  })
})
