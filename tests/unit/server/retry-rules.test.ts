// When to come back after a refusal (server/limits/retry-rules.ts): the rules' windows, and a
// batch that PocketBase stopped at a request its rate limiter refused (a 400 with the 429 inside;
// tests/integration/rate-limit.test.ts sends one to the real server).
import { describe, expect, it } from 'vitest'
import {
  batchRetryAfterSeconds,
  limiterRefusedAt,
  retryAfterSeconds,
} from '../../../server/limits/retry-rules'

// The production rules that matter here (pb_migrations/1763690100_app_settings.js and
// 1764500000_lead_workspace.js).
const RULES = [
  { label: '*:auth', duration: 30 },
  { label: '*:create', duration: 10 },
  { label: 'events:create', duration: 60 },
  { label: '/api/batch', duration: 10 },
  { label: '/api/', duration: 10 },
]

const batchAnswer = (...statuses: number[]) => ({
  status: 400,
  data: {
    requests: Object.fromEntries(
      statuses.map((status, index) => [String(index + 3), { response: { status } }]),
    ),
  },
})

describe('limiterRefusedAt', () => {
  it.each([
    ['a create refused by the limiter', batchAnswer(429), 3],
    ['the same, as the JS hooks see a Go error', { value: batchAnswer(429) }, 3],
    ['a create refused for its input', batchAnswer(400), -1],
    ['a 429 of its own', { status: 429, data: {} }, -1],
    ['a 400 with no requests', { status: 400, data: { name: { code: 'validation' } } }, -1],
    ['nothing', null, -1],
  ])('%s: %s', (_, err, expected) => {
    expect(limiterRefusedAt(err)).toBe(expected)
  })
})

describe('batchRetryAfterSeconds', () => {
  it('is the window of the refused request', () => {
    const contact = { method: 'POST', url: '/api/collections/contacts/records' }
    expect(batchRetryAfterSeconds(RULES, contact)).toBe(10)
    expect(batchRetryAfterSeconds(RULES, contact)).toBe(
      retryAfterSeconds(RULES, 'POST', '/api/collections/contacts/records'),
    )
    const event = { method: 'post', url: '/api/collections/events/records?fields=id' }
    expect(batchRetryAfterSeconds(RULES, event)).toBe(60)
  })

  it('is the longest of the batch and every create rule when the request is not known', () => {
    expect(batchRetryAfterSeconds(RULES)).toBe(60)
    expect(batchRetryAfterSeconds(RULES, {})).toBe(60)
    expect(batchRetryAfterSeconds(RULES.filter((r) => r.label !== 'events:create'))).toBe(10)
  })
})
