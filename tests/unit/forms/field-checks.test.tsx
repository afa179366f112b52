// @vitest-environment jsdom
// The forms' per-field errors (src/components/use-field-checks.ts, FieldError, NewPasswordFields)
// on the real sign-up page: a problem shows under its field once the visitor leaves it, every
// problem at once on submit with focus on the first, aria-describedby ties each to its field,
// what was typed stays, and a field the server refuses gets the server's words under it.
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { accountMessages } from '../../../src/backend/account-api'
import { emailProblem, requiredProblem } from '../../../src/components/field-problems'
import { COMMON_PASSWORD_MESSAGE } from '../../../src/config/passwords'
import { phoneKey, phoneProblem, telHref } from '../../../src/config/phone'

const createAccount = vi.fn()
vi.mock('../../../src/features/account/account-actions', () => ({
  createAccount: (...args: unknown[]) => createAccount(...args),
}))

const { default: SignupPage } = await import('../../../src/features/account/SignupPage')

afterEach(() => {
  cleanup()
  createAccount.mockReset()
})

function renderSignup() {
  render(
    <MemoryRouter initialEntries={['/signup']}>
      <SignupPage />
    </MemoryRouter>,
  )
  return {
    name: screen.getByLabelText('Full name') as HTMLInputElement,
    email: screen.getByLabelText('Email') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
    confirm: screen.getByLabelText('Confirm Password') as HTMLInputElement,
    terms: screen.getByRole('checkbox', { name: /I agree/ }) as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Create Account' }),
  }
}

/** The text of the element(s) a control's aria-describedby names. */
function description(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ')
}

describe('per-field errors on sign-up', () => {
  it('flags a 2-character password as the visitor leaves the field, not before', () => {
    const form = renderSignup()
    fireEvent.change(form.password, { target: { value: 'ab' } })
    expect(form.password.getAttribute('aria-invalid')).toBeNull()
    fireEvent.blur(form.password)
    expect(form.password.getAttribute('aria-invalid')).toBe('true')
    expect(description(form.password)).toContain(accountMessages.passwordTooShort)
    // Fixing it clears the error while typing.
    fireEvent.change(form.password, { target: { value: 'correct-horse-42' } })
    expect(form.password.getAttribute('aria-invalid')).toBeNull()
  })

  it('shows every problem at once on submit, focuses the first and keeps what was typed', () => {
    const form = renderSignup()
    fireEvent.change(form.email, { target: { value: 'not-an-address' } })
    fireEvent.change(form.password, { target: { value: 'correct-horse-42' } })
    fireEvent.change(form.confirm, { target: { value: 'correct-horse-43' } })
    fireEvent.click(form.submit)
    expect(createAccount).not.toHaveBeenCalled()
    expect(description(form.name)).toBe(requiredProblem('', 'your full name'))
    expect(description(form.email)).toBe(emailProblem('not-an-address'))
    expect(description(form.confirm)).toBe(accountMessages.passwordMismatch)
    expect(description(form.terms)).toBe(accountMessages.termsRequired)
    expect(form.password.getAttribute('aria-invalid')).toBeNull()
    expect(document.activeElement).toBe(form.name)
    expect(form.email.value).toBe('not-an-address')
    expect(form.confirm.value).toBe('correct-horse-43')
  })

  it("puts the server's word on a field under that field until it is changed", async () => {
    createAccount.mockRejectedValueOnce({
      status: 400,
      response: {
        status: 400,
        message: 'Failed to create record.',
        data: { password: { code: 'validation_common_password', message: 'Too common.' } },
      },
    })
    const form = renderSignup()
    fireEvent.change(form.name, { target: { value: 'Dana Whitcomb' } })
    fireEvent.change(form.email, { target: { value: 'dana@example.com' } })
    fireEvent.change(form.password, { target: { value: 'password123' } })
    fireEvent.change(form.confirm, { target: { value: 'password123' } })
    fireEvent.click(form.terms)
    fireEvent.click(form.submit)
    // The server's code for a common password is put in the site's own words.
    expect(await screen.findByText(COMMON_PASSWORD_MESSAGE)).toBeTruthy()
    expect(description(form.password)).toContain(COMMON_PASSWORD_MESSAGE)
    expect(document.activeElement).toBe(form.password)
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.change(form.password, { target: { value: 'password1234' } })
    expect(screen.queryByText(COMMON_PASSWORD_MESSAGE)).toBeNull()
  })
})

describe('the checks every form shares', () => {
  it.each([
    ['', 'Please enter your e-mail address.'],
    ['dana@', 'Please enter an e-mail address like name@example.com.'],
    ['dana @example.com', 'Please enter an e-mail address like name@example.com.'],
    [' dana@example.com ', null],
  ])('e-mail %j', (value, problem) => expect(emailProblem(value)).toBe(problem))

  it.each([
    ['', 'Please enter a phone number.'],
    ['555-01', 'Please enter the whole number, with the area code.'],
    ['call me', 'Use digits, spaces and dashes only.'],
    ['(603) 555-0142', null],
    ['+1 603 555 0142', null],
  ])('phone %j', (value, problem) => expect(phoneProblem(value)).toBe(problem))

  it('makes tel: links of the digits only', () => {
    expect(telHref('(603) 555-0142')).toBe('tel:6035550142')
    expect(telHref('+1 603.555.0142')).toBe('tel:+16035550142')
  })

  it('takes one line however it is typed, the North American 1 or not', () => {
    const key = phoneKey('(603) 555-0142')
    expect(key).toBe('6035550142')
    for (const typed of ['603.555.0142', '+1 603 555 0142', '1-603-555-0142']) {
      expect(phoneKey(typed)).toBe(key)
    }
    // Another country's number keeps all its digits.
    expect(phoneKey('+44 20 7946 0958')).toBe('442079460958')
  })
})
