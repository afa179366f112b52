import { describe, expect, it } from 'vitest'
import type { MailHealth } from '../../../src/backend/delivery-health-api'
import {
  describeMailError,
  mailHealthLine,
  mailTime,
} from '../../../src/features/admin/mail-health-line'

const base: MailHealth = {
  channel: 'mail',
  smtpConfigured: true,
  lastSentAt: null,
  waiting: 0,
  failed: 0,
  lastError: null,
  lastErrorAt: null,
  failingSince: null,
  dispatching: true,
}

// A clock in UTC terms: the line shows hours and minutes of the Date it is given.
const hhmm = (date: Date) => date.toISOString().slice(11, 16)

describe('the mail-health line', () => {
  it.each([
    [
      'says when mail last went out and what waits',
      { lastSentAt: '2026-11-25 10:04:09.000Z', waiting: 3 },
      'ok',
      'Mail: last sent 10:04, 3\u00a0waiting',
    ],
    [
      'leaves out an empty queue',
      { lastSentAt: '2026-11-25 10:04:09.000Z' },
      'ok',
      'Mail: last sent 10:04',
    ],
    [
      'says when nothing went out yet',
      { waiting: 1 },
      'ok',
      'Mail: nothing sent yet, 1\u00a0waiting',
    ],
    [
      'names a refused connection and since when',
      {
        lastSentAt: '2026-11-25 09:58:00.000Z',
        waiting: 3,
        lastError: 'dial tcp 10.0.0.5:587: connect: connection refused',
        lastErrorAt: '2026-11-25 10:31:00.000Z',
        failingSince: '2026-11-25 10:02:00.000Z',
      },
      'problem',
      'Mail failing since 10:02: the mail server refuses the connection. 3\u00a0waiting',
    ],
    [
      'quotes an answer of the mail server',
      {
        waiting: 1,
        lastError: '421 "Try again later"',
        lastErrorAt: '2026-11-25 10:02:00.000Z',
        failingSince: null,
      },
      'problem',
      'Mail failing since 10:02: the mail server answers 421 "Try again later". 1\u00a0waiting',
    ],
    [
      'quotes a fault it has no words for, with one full stop',
      {
        waiting: 2,
        lastError: 'Gave up after 3 attempts: the relay closed the session.',
        lastErrorAt: '2026-11-25 10:02:00.000Z',
        failingSince: null,
      },
      'problem',
      'Mail failing since 10:02: Gave up after 3 attempts: the relay closed the session. 2\u00a0waiting',
    ],
    [
      'says mail is kept when no mail server is set up',
      { smtpConfigured: false, waiting: 4 },
      'problem',
      'Mail is not set up: mails are kept, not sent (4\u00a0waiting)',
    ],
  ])('%s', (_what, health, tone, text) => {
    expect(mailHealthLine({ ...base, ...health }, hhmm)).toEqual({ tone, text })
  })
})

describe('describeMailError', () => {
  it.each([
    [
      'dial tcp 127.0.0.1:25: connect: connection refused',
      'the mail server refuses the connection',
    ],
    [
      'dial tcp: lookup smtp.example.test on 127.0.0.53:53: no such host',
      "the mail server's name is not found",
    ],
    [
      'The send did not finish within 10 minutes (no answer); it may have been delivered.',
      'the mail server does not answer',
    ],
    ['535 "Authentication failed"', 'the mail server refuses the login (535)'],
    [
      'Not sent: SMTP is not configured (SMTP_HOST is empty).',
      'SMTP is not configured (SMTP_HOST is empty).',
    ],
  ])('%s -> %s', (error, words) => {
    expect(describeMailError(error)).toBe(words)
  })
})

describe('mailTime', () => {
  it('shows only the time today and the day as well before', () => {
    const now = new Date(2026, 10, 25, 15, 0)
    const format = mailTime(now)
    expect(format(new Date(2026, 10, 25, 10, 4))).toBe('10:04')
    expect(format(new Date(2026, 10, 21, 9, 30))).toBe('Nov 21, 09:30')
  })
})
