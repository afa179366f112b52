// The Integrations tab's words for an endpoint's state and an attempt's result: the console must
// say plainly when an endpoint was switched off for failing, and what each attempt got.
import { describe, expect, it } from 'vitest'
import type { WebhookAttempt, WebhookEndpoint } from '../../../src/backend/webhooks-api'
import {
  attemptResult,
  endpointState,
  formatDuration,
} from '../../../src/features/admin/webhooks-format'

const endpoint: WebhookEndpoint = {
  id: 'e1',
  url: 'https://hooks.zapier.com/hooks/catch/1/abc/',
  description: 'CRM',
  events: ['audit.completed'],
  enabled: true,
  disabledReason: '',
  disabledAt: '',
  failingSince: '',
  lastSuccessAt: '',
  lastFailureAt: '',
  lastError: '',
  created: '2026-11-20 10:00:00.000Z',
}

const attempt: WebhookAttempt = {
  id: 'a1',
  endpoint: 'e1',
  event: 'ev1',
  eventType: 'audit.completed',
  delivery: 'd1',
  attempt: 1,
  trigger: 'event',
  outcome: 'delivered',
  statusCode: 200,
  durationMs: 85,
  response: 'ok',
  error: '',
  created: '2026-11-20 10:00:00.000Z',
}

describe('endpointState', () => {
  it.each([
    ['never used', {}, 'new', /^On\. Nothing delivered yet/],
    ['working', { lastSuccessAt: '2026-11-21 10:00:00.000Z' }, 'ok', /^Working: last delivered/],
    [
      'failing',
      { lastSuccessAt: '2026-11-21 10:00:00.000Z', failingSince: '2026-11-22 10:00:00.000Z' },
      'warning',
      /^Failing since .*; deliveries are being retried\.$/,
    ],
    [
      'switched off by the consultant',
      { enabled: false, disabledReason: 'manual' },
      'off',
      /^Switched off: nothing is sent/,
    ],
    [
      'switched off after three days of failures',
      { enabled: false, disabledReason: 'failing', disabledAt: '2026-11-25 10:00:00.000Z' },
      'off',
      /^Switched off on .*: every delivery failed for 3 days\. Fix the receiver, then switch it on again\.$/,
    ],
  ] as const)('%s', (_case, change, tone, text) => {
    const state = endpointState({ ...endpoint, ...change } as WebhookEndpoint)
    expect(state.tone).toBe(tone)
    expect(state.text).toMatch(text)
  })
})

describe('attemptResult', () => {
  it.each([
    [{}, 'HTTP 200, delivered'],
    [{ outcome: 'retry', statusCode: 500 }, 'HTTP 500, not accepted'],
    [{ outcome: 'retry', statusCode: 0, error: 'No answer within 10 seconds.' }, 'No answer'],
    [{ outcome: 'refused', statusCode: 0 }, 'Refused (address not allowed)'],
  ] as const)('%o reads "%s"', (change, text) => {
    expect(attemptResult({ ...attempt, ...change } as WebhookAttempt)).toBe(text)
  })

  it('shows durations in ms, then seconds', () => {
    expect(formatDuration(85)).toBe('85 ms')
    expect(formatDuration(10_004)).toBe('10.0 s')
  })
})
