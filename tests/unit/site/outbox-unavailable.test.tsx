// @vitest-environment jsdom
// Offline before the outbox chunk was ever cached: its dynamic import fails. Both forms must
// say they could not send and keep what the visitor typed.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { messages } from '../../../src/config/messages'
import { ContactForm } from '../../../src/components/ContactForm'
import { NewsletterForm } from '../../../src/components/NewsletterForm'

vi.mock('../../../src/offline/app-outbox', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/outbox.js')
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

async function submitAndSettle(form: HTMLFormElement) {
  await act(async () => {
    fireEvent.submit(form)
    await vi.dynamicImportSettled()
  })
  await act(async () => {})
}

it('the newsletter form shows its error and keeps the address', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  render(<NewsletterForm source="footer" />)
  const field = screen.getByLabelText('Your email address') as HTMLInputElement
  fireEvent.change(field, { target: { value: 'jo@example.com' } })
  await submitAndSettle(field.form!)
  expect(screen.getByRole('alert').textContent).toBe(messages.newsletterFailure)
  expect(field.value).toBe('jo@example.com')
})

it('the contact form shows its error and keeps the message', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  render(<ContactForm />)
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Dana' } })
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'dana@example.com' } })
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } })
  await submitAndSettle(screen.getByLabelText('Name').closest('form')!)
  expect(screen.getByRole('alert').textContent).toBe(messages.contactFailure)
  expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello')
})
