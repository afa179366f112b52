// When to come back after a refusal (server/limits/retry-rules.ts): the rules' windows, and a
// batch that PocketBase stopped at a create its rate limiter refused (a 400 with the 429 inside;
// tests/integration/rate-limit.test.ts sends one to the real server).
import { describe, expect, it } from 'vitest'
import {
  batchRetryAfterSeconds,
  isBatchRefusedByLimiter,
  retryAfterSeconds,
} from '../../../server/limits/retry-rules'

const RULES = [
  { label: '*:auth', duration: 30 },
  { label: '*:create', duration: 10 },
  { label: '/api/batch', duration: 10 },
  { label: '/api/', duration: 10 },
]

const batchAnswer = (...statuses: number[]) => ({
  status: 400,
  data: {
    requests: Object.fromEntries(
      statuses.map((status, index) => [String(index), { response: { status } }]),
    ),
  },
})

describe('isBatchRefusedByLimiter', () => {
  it.each([
    ['a create refused by the limiter', batchAnswer(429), true],
    ['the same, as the JS hooks see a Go error', { value: batchAnswer(429) }, true],
    ['a create refused for its input', batchAnswer(400), false],
    ['a 429 of its own', { status: 429, data: {} }, false],
    ['a 400 with no requests', { status: 400, data: { name: { code: 'validation' } } }, false],
    ['nothing', null, false],
  ])('%s: %s', (_, err, expected) => {
    expect(isBatchRefusedByLimiter(err)).toBe(expected)
  })
})

describe('batchRetryAfterSeconds', () => {
  it("is the longest of the batch's window and a create's", () => {
    expect(batchRetryAfterSeconds(RULES)).toBe(10)
    const slowCreates = RULES.map((r) => (r.label === '*:create' ? { ...r, duration: 60 } : r))
    expect(batchRetryAfterSeconds(slowCreates)).toBe(60)
  })

  it('agrees with the window of a single create', () => {
    expect(batchRetryAfterSeconds(RULES)).toBe(
      retryAfterSeconds(RULES, 'POST', '/api/collections/contacts/records'),
    )
  })
})
