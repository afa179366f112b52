// @vitest-environment jsdom
// The contact form's state machine with the outbox module mocked at its boundary.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { enqueue } from '../../../src/offline/app-outbox'
import { DAILY_CAP_CODE } from '../../../src/config/limits'
import { messages } from '../../../src/config/messages'
import {
  ContactForm,
  contactQueuedLimited,
  contactQueuedOffline,
  contactQueuedServer,
} from '../../../src/components/ContactForm'

// whenSettled: a queued item that never goes out during the test.
vi.mock('../../../src/offline/app-outbox', () => ({
  enqueue: vi.fn(),
  whenSettled: vi.fn(() => new Promise(() => undefined)),
}))
const enqueueMock = vi.mocked(enqueue)

const typed = {
  name: 'Dana Rivers',
  email: 'dana@example.com',
  message: 'Can you help with online booking?',
}

function inputs() {
  return {
    name: screen.getByLabelText('Name') as HTMLInputElement,
    email: screen.getByLabelText('Email') as HTMLInputElement,
    message: screen.getByLabelText('Message') as HTMLTextAreaElement,
  }
}
function button() {
  return screen.getByRole('button', { name: /Send Message|Sending/ }) as HTMLButtonElement
}
function values() {
  const { name, email, message } = inputs()
  return { name: name.value, email: email.value, message: message.value }
}

async function fillAndSubmit(fields: Partial<typeof typed> = {}) {
  const els = inputs()
  const next = { ...typed, ...fields }
  fireEvent.change(els.name, { target: { value: next.name } })
  fireEvent.change(els.email, { target: { value: next.email } })
  fireEvent.change(els.message, { target: { value: next.message } })
  await act(async () => {
    fireEvent.submit(els.name.form!)
    await vi.dynamicImportSettled()
  })
  await act(async () => {})
}

beforeEach(() => {
  vi.useFakeTimers()
  enqueueMock.mockReset()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('ContactForm', () => {
  it('asks for a required name, e-mail and 6-row message within the server limits', () => {
    render(<ContactForm />)
    const { name, email, message } = inputs()
    expect([name.required, email.required, message.required]).toEqual([true, true, true])
    expect(email.type).toBe('email')
    expect(message.rows).toBe(6)
    expect([name.maxLength, email.maxLength, message.maxLength]).toEqual([200, 254, 5000])
  })

  it('sends name, e-mail and message with source portfolio_website and the user agent', async () => {
    enqueueMock.mockResolvedValue({ id: 'b'.repeat(15), status: 'sent' })
    render(<ContactForm />)
    await fillAndSubmit({ name: '  Dana Rivers ' })
    expect(enqueueMock).toHaveBeenCalledWith('contacts', {
      ...typed,
      source: 'portfolio_website',
      userAgent: navigator.userAgent,
    })
  })

  it('does not send a name or message made only of spaces', async () => {
    render(<ContactForm />)
    await fillAndSubmit({ name: '   ' })
    expect(enqueueMock).not.toHaveBeenCalled()
    expect(inputs().name.validity.customError).toBe(true)
  })

  it("reads 'Sending...' and is disabled while the message is being handed over", async () => {
    let answer: (value: { id: string; status: 'sent' }) => void = () => {}
    enqueueMock.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    render(<ContactForm />)
    await fillAndSubmit()
    expect(button().textContent).toBe('Sending...')
    expect(button().disabled).toBe(true)
    await act(async () => answer({ id: 'b'.repeat(15), status: 'sent' }))
    expect(button().textContent).toBe('Send Message')
    expect(button().disabled).toBe(false)
  })

  const empty = { name: '', email: '', message: '' }
  /** What the outbox answers: a capped item is 'queued' with the server's daily-cap 429. */
  const errorOf = (status: string) =>
    status === 'queued-capped'
      ? {
          status: 'queued' as const,
          error: {
            kind: 'rate_limited' as const,
            status: 429,
            serverMessage: 'Too many messages from your network today.',
            fieldErrors: { daily: 'Too many messages from your network today.' },
            fieldCodes: { daily: DAILY_CAP_CODE },
          },
        }
      : {}
  it.each([
    { case: 'sent', status: 'sent', online: true, text: messages.contactSuccess, after: empty },
    {
      case: 'queued while offline',
      status: 'queued',
      online: false,
      text: contactQueuedOffline,
      after: empty,
    },
    {
      case: 'queued while the server is away',
      status: 'queued',
      online: true,
      text: contactQueuedServer,
      after: empty,
    },
    {
      // The server's daily cap for this network: kept on the device, sent later.
      case: 'over the daily limit',
      status: 'queued-capped',
      online: true,
      text: contactQueuedLimited,
      after: empty,
    },
    {
      case: 'refused',
      status: 'failed',
      online: true,
      text: messages.contactFailure,
      after: typed,
    },
  ] as const)(
    'when the message is $case it says so, clears it after 5 s, and empties the form unless it failed',
    async ({ status, online, text, after }) => {
      vi.spyOn(console, 'error').mockImplementation(() => {})
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
      enqueueMock.mockResolvedValue({
        id: 'b'.repeat(15),
        status: status === 'queued-capped' ? 'queued' : status,
        ...errorOf(status),
      })
      render(<ContactForm />)
      await fillAndSubmit()
      expect(screen.getByText(text)).toBeTruthy()
      expect(values()).toEqual(after)
      act(() => vi.advanceTimersByTime(4999))
      expect(screen.queryByText(text)).not.toBeNull()
      act(() => vi.advanceTimersByTime(1))
      expect(screen.queryByText(text)).toBeNull()
    },
  )

  it('keeps the typed text and shows the error when the outbox throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    enqueueMock.mockRejectedValue(new Error('IndexedDB is unavailable'))
    render(<ContactForm />)
    await fillAndSubmit()
    expect(screen.getByRole('alert').textContent).toBe(messages.contactFailure)
    expect(values()).toEqual(typed)
  })

  it('refuses an address with ?, & or % before the @, naming the rule, and keeps what was typed', async () => {
    render(<ContactForm />)
    await fillAndSubmit({ email: 'lead?bcc=spy%40evil.test&x=y@evil.test' })
    expect(enqueueMock).not.toHaveBeenCalled()
    expect(inputs().email.validationMessage).toBe(messages.emailUnsafeCharacters)
    expect(values()).toEqual({ ...typed, email: 'lead?bcc=spy%40evil.test&x=y@evil.test' })
  })

  it('carries the audit id and source of a report form', async () => {
    enqueueMock.mockResolvedValue({ id: 'b'.repeat(15), status: 'sent' })
    render(<ContactForm source="business_efficiency_audit" auditId="abc123def456ghi" />)
    await fillAndSubmit()
    expect(enqueueMock.mock.calls[0][1]).toMatchObject({
      source: 'business_efficiency_audit',
      auditId: 'abc123def456ghi',
    })
  })
})
