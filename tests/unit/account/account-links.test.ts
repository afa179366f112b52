// The rules behind the pages account e-mails link to and the change-e-mail form: how a
// server answer is sorted, and what the user is told.
import { describe, expect, it } from 'vitest'
import { accountMessages, validateNewPassword } from '../../../src/backend/account-api'
import {
  emailChangeAnswer,
  emailChangeMessages,
  emailOfChangeToken,
  tokenOutcome,
} from '../../../src/backend/account-links'
import { messages } from '../../../src/config/messages'

/** A PocketBase ClientResponseError's shape. */
function serverError(status: number, data: Record<string, { code: string; message: string }> = {}) {
  return { status, response: { message: 'Something.', data } }
}

const invalidToken = {
  token: { code: 'validation_invalid_token', message: 'Invalid or expired token.' },
}

describe('tokenOutcome', () => {
  it.each([
    ['no connection', serverError(0), { kind: 'offline' }],
    ['rate limited', serverError(429), { kind: 'rate_limited' }],
    ['a server error', serverError(500), { kind: 'failed' }],
    ['an expired or used token', serverError(400, invalidToken), { kind: 'invalid' }],
    [
      'a bad token and a short password: the token wins',
      serverError(400, {
        ...invalidToken,
        password: { code: 'validation_length_out_of_range', message: 'Too short.' },
      }),
      { kind: 'invalid' },
    ],
    [
      'a wrong current password',
      serverError(400, {
        password: { code: 'validation_invalid_password', message: 'Missing or invalid.' },
      }),
      { kind: 'field', field: 'password', message: accountMessages.wrongPassword },
    ],
    [
      'a too short new password',
      serverError(400, {
        password: { code: 'validation_length_out_of_range', message: 'Too short.' },
      }),
      { kind: 'field', field: 'password', message: accountMessages.passwordTooShort },
    ],
    ['a 400 naming nothing (an unreadable token)', serverError(400), { kind: 'invalid' }],
  ])('%s', (_, err, expected) => {
    expect(tokenOutcome(err)).toEqual(expected)
  })
})

describe('emailChangeAnswer', () => {
  const neutral = { ok: true, text: emailChangeMessages.requested('new@example.com') }

  it('answers a sent request and a taken address with the same words', () => {
    expect(emailChangeAnswer(' new@example.com ')).toEqual(neutral)
    expect(
      emailChangeAnswer(
        'new@example.com',
        serverError(400, {
          newEmail: { code: 'validation_invalid_new_email', message: 'Invalid new email address.' },
        }),
      ),
    ).toEqual(neutral)
  })

  it.each([
    ['no connection', serverError(0), messages.offline],
    ['rate limited', serverError(429), emailChangeMessages.rateLimited],
    ['no mail could be sent', serverError(400), emailChangeMessages.failure],
    [
      'the current address',
      serverError(400, {
        newEmail: { code: 'validation_not_in_invalid', message: 'Must not be in list.' },
      }),
      emailChangeMessages.same,
    ],
    [
      'not an address',
      serverError(400, {
        newEmail: { code: 'validation_is_email', message: 'Must be a valid email address.' },
      }),
      'New address: Must be a valid email address.',
    ],
  ])('says what went wrong: %s', (_, err, text) => {
    const answer = emailChangeAnswer('new@example.com', err)
    expect(answer.ok).toBe(false)
    expect(answer.text).toBe(text)
  })
})

describe('validateNewPassword (the sign-up rules)', () => {
  it.each([
    ['long-enough-1', 'long-enough-1', null],
    [
      'long-enough-1',
      'long-enough-2',
      { field: 'passwordConfirm', message: accountMessages.passwordMismatch },
    ],
    ['short', 'short', { field: 'password', message: accountMessages.passwordTooShort }],
    ['', '', { field: 'password', message: accountMessages.passwordTooShort }],
  ])('%j / %j', (password, confirm, expected) => {
    expect(validateNewPassword(password, confirm)).toEqual(expected)
  })
})

describe('emailOfChangeToken', () => {
  const encode = (payload: object) =>
    `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`

  it('reads the new e-mail from the token', () => {
    expect(emailOfChangeToken(encode({ newEmail: 'moved@example.com', type: 'emailChange' }))).toBe(
      'moved@example.com',
    )
  })

  it.each([
    ['not-a-token'],
    [encode({ type: 'emailChange' })],
    [encode({ newEmail: 42 })],
    ['a.%%%.c'],
  ])('gives null for %s', (token) => {
    expect(emailOfChangeToken(token)).toBeNull()
  })
})
