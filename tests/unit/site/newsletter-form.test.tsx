// @vitest-environment jsdom
// The newsletter form's state machine with the outbox module mocked at its
// boundary: these tests are about what the visitor sees, not about delivery.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { enqueue } from '../../../src/offline/app-outbox'
import { messages } from '../../../src/config/messages'
import {
  NewsletterForm,
  newsletterQueuedOffline,
  newsletterQueuedServer,
} from '../../../src/components/NewsletterForm'

vi.mock('../../../src/offline/app-outbox', () => ({ enqueue: vi.fn() }))
const enqueueMock = vi.mocked(enqueue)

function field() {
  return screen.getByLabelText('Your email address') as HTMLInputElement
}
function button() {
  return screen.getByRole('button', { name: /Sign Up|Signing up/ }) as HTMLButtonElement
}

/** Types an address and submits, then lets the lazily imported outbox answer. */
async function submit(email: string) {
  fireEvent.change(field(), { target: { value: email } })
  await act(async () => {
    fireEvent.submit(field().form!)
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

describe('NewsletterForm', () => {
  it('requires an e-mail address of type email, with a placeholder and the server length limit', () => {
    render(<NewsletterForm source="footer" />)
    expect(field().required).toBe(true)
    expect(field().type).toBe('email')
    expect(field().placeholder).toMatch(/@/)
    expect(field().maxLength).toBe(254)
  })

  it('sends the trimmed, lowercased address with where the form sits and the user agent', async () => {
    enqueueMock.mockResolvedValue({ id: 'a'.repeat(15), status: 'sent' })
    render(<NewsletterForm source="about" />)
    await submit('  Jo.Smith@Example.COM ')
    expect(enqueueMock).toHaveBeenCalledWith('newsletter_subscriptions', {
      email: 'jo.smith@example.com',
      source: 'about',
      userAgent: navigator.userAgent,
    })
  })

  it("reads 'Signing up...' and is disabled while the sign-up is being handed over", async () => {
    let answer: (value: { id: string; status: 'sent' }) => void = () => {}
    enqueueMock.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    render(<NewsletterForm source="footer" />)
    await submit('jo@example.com')
    expect(button().textContent).toBe('Signing up...')
    expect(button().disabled).toBe(true)
    await act(async () => answer({ id: 'a'.repeat(15), status: 'sent' }))
    expect(button().textContent).toBe('Sign Up')
    expect(button().disabled).toBe(false)
  })

  it.each([
    { case: 'sent', status: 'sent', online: true, text: messages.newsletterSuccess, kept: '' },
    {
      case: 'queued while offline',
      status: 'queued',
      online: false,
      text: newsletterQueuedOffline,
      kept: '',
    },
    {
      case: 'queued while the server is away',
      status: 'queued',
      online: true,
      text: newsletterQueuedServer,
      kept: '',
    },
    {
      case: 'refused',
      status: 'failed',
      online: true,
      text: messages.newsletterFailure,
      kept: 'jo@example.com',
    },
  ] as const)(
    'when the sign-up is $case it says so and leaves the field "$kept"',
    async ({ status, online, text, kept }) => {
      vi.spyOn(console, 'error').mockImplementation(() => {})
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
      enqueueMock.mockResolvedValue({ id: 'a'.repeat(15), status })
      render(<NewsletterForm source="footer" />)
      await submit('jo@example.com')
      expect(screen.getByText(text)).toBeTruthy()
      expect(field().value).toBe(kept)
    },
  )

  it('shows the error and keeps the address when the outbox throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    enqueueMock.mockRejectedValue(new Error('IndexedDB is unavailable'))
    render(<NewsletterForm source="footer" />)
    await submit('jo@example.com')
    expect(screen.getByRole('alert').textContent).toBe(messages.newsletterFailure)
    expect(field().value).toBe('jo@example.com')
  })

  it('says one thing on success, that a confirmation mail is coming, and only on success', async () => {
    enqueueMock.mockResolvedValue({ id: 'a'.repeat(15), status: 'sent' })
    render(<NewsletterForm source="footer" />)
    await submit('jo@example.com')
    expect(screen.getByRole('status').textContent).toBe(messages.newsletterSuccess)
    expect(messages.newsletterSuccess).toMatch(/confirmation e-mail is on its way/)
    expect(messages.newsletterSuccess).not.toMatch(/on their way to your inbox/)

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    enqueueMock.mockResolvedValue({ id: 'b'.repeat(15), status: 'queued' })
    await submit('jo@example.com')
    expect(screen.getByRole('status').textContent).toBe(newsletterQueuedOffline)
  })

  it('clears the message 5 seconds after it appeared', async () => {
    enqueueMock.mockResolvedValue({ id: 'a'.repeat(15), status: 'sent' })
    render(<NewsletterForm source="footer" />)
    await submit('jo@example.com')
    act(() => vi.advanceTimersByTime(4999))
    expect(screen.queryByText(messages.newsletterSuccess)).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText(messages.newsletterSuccess)).toBeNull()
  })

  it('clears the message as soon as the visitor types', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    enqueueMock.mockResolvedValue({ id: 'a'.repeat(15), status: 'failed' })
    render(<NewsletterForm source="footer" />)
    await submit('jo@example')
    expect(screen.queryByText(messages.newsletterFailure)).not.toBeNull()
    fireEvent.change(field(), { target: { value: 'jo@example.com' } })
    expect(screen.queryByText(messages.newsletterFailure)).toBeNull()
  })

  it('treats signing up twice as two successes', async () => {
    enqueueMock.mockResolvedValue({ id: 'a'.repeat(15), status: 'sent' })
    render(<NewsletterForm source="footer" />)
    await submit('jo@example.com')
    await submit('jo@example.com')
    expect(enqueueMock).toHaveBeenCalledTimes(2)
    expect(screen.getByText(messages.newsletterSuccess)).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
