// @vitest-environment jsdom
import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
} from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OutboxStatus } from '../../../src/components/OutboxStatus'
import { offlineDb, type OutboxItem } from '../../../src/offline/db'
import { useDraft } from '../../../src/offline/drafts'
import { markOutboxMaybeNonEmpty } from '../../../src/offline/outbox-hint'
import { contact, fakeServer, realisticCreate, rowCount, type FakeServer } from './fake-server'
import { setOnline } from '../support/online'

const HOUR = 3_600_000
let server: FakeServer

function item(n: number, fields: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id: `item${String(n).padStart(11, '0')}`,
    collection: 'contacts',
    payload: contact(n),
    status: 'queued',
    attempts: 1,
    nextAttemptAt: Date.now() + HOUR, // not due during the test unless a test says so
    createdAt: Date.now(),
    seq: n,
    ...fields,
  }
}

const refused: OutboxItem['lastError'] = {
  kind: 'validation',
  status: 400,
  serverMessage: 'Failed to create record.',
  fieldErrors: { email: 'Must be a valid email address.' },
}

beforeEach(async () => {
  server = fakeServer()
  vi.stubGlobal('fetch', server.fetch)
  setOnline(true)
  await offlineDb().outbox.clear()
  localStorage.clear()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the outbox status line', () => {
  it('says nothing while nothing is waiting and the browser is online', () => {
    render(<OutboxStatus />)
    expect(screen.getByRole('status')).toHaveProperty('textContent', '')
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('shows a quiet "Offline" when the browser goes offline', async () => {
    render(<OutboxStatus />)
    act(() => setOnline(false))
    expect(screen.getByRole('status').textContent).toBe('Offline')
    act(() => setOnline(true))
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('keeps its place, empty, on the page it showed on, and only there: nothing under it moves until the next page', () => {
    const { rerender } = render(<OutboxStatus page="contact" />)
    const line = screen.getByRole('status')
    expect(line.className).toBe('visually-hidden')
    act(() => setOnline(false))
    expect(line.className).toBe('outbox-status__line is-offline')
    act(() => setOnline(true))
    expect(line.textContent).toBe('')
    expect(line.className).toBe('outbox-status__line is-held')
    rerender(<OutboxStatus page="home" />)
    expect(line.className).toBe('visually-hidden')
  })

  it('shows "N waiting to send" for items from an earlier visit', async () => {
    await offlineDb().outbox.bulkAdd([item(1), item(2)])
    markOutboxMaybeNonEmpty(true)
    render(<OutboxStatus />)
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 waiting to send'))
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite')
  })

  it('counts an item queued after the page loaded, then says "Message sent" once it is delivered', async () => {
    const persist = vi.fn(async () => true)
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { persisted: async () => false, persist },
    })
    render(<OutboxStatus />)
    server.respond = () => 'network'
    const { enqueue } = await import('../../../src/offline/app-outbox')
    await act(() => enqueue('contacts', contact(1)))
    // Persistent storage is asked for once, when the first item is queued.
    await waitFor(() => expect(persist).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 waiting to send'))

    server.respond = realisticCreate
    await act(async () => {
      await offlineDb().outbox.toCollection().modify({ nextAttemptAt: 0 })
      setOnline(true) // the 'online' event triggers a flush
    })
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Message sent'))
    expect(rowCount(server)).toBe(1)
  })

  it('shows a refused item with its reason, and Retry sends it again', async () => {
    await offlineDb().outbox.add(item(1, { status: 'failed', lastError: refused }))
    markOutboxMaybeNonEmpty(true)
    render(<OutboxStatus />)
    await screen.findByText(/Your message could not be sent\./)
    expect(screen.getByRole('status').textContent).toBe('1 item could not be sent')
    expect(
      screen.getByRole('list', { name: 'Items that could not be sent' }).textContent,
    ).toContain('Failed to create record. email: Must be a valid email address.')

    fireEvent.click(screen.getByRole('button', { name: 'Retry your message' }))
    await waitFor(() => expect(server.createdIds()).toEqual([item(1).id]))
    await waitFor(() => expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull())
  })

  it('asks before discarding a refused item, and keeps it when the visitor says no', async () => {
    await offlineDb().outbox.add(item(1, { status: 'failed', lastError: refused }))
    markOutboxMaybeNonEmpty(true)
    render(<OutboxStatus />)
    const discard = await screen.findByRole('button', { name: 'Discard your message' })

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    fireEvent.click(discard)
    expect(confirm).toHaveBeenCalledWith(
      'Discard your message? It has not been sent and cannot be recovered.',
    )
    await new Promise((r) => setTimeout(r, 50))
    expect(await offlineDb().outbox.count()).toBe(1)

    confirm.mockReturnValue(true)
    fireEvent.click(discard)
    await waitFor(() => expect(screen.queryByRole('button', { name: /Discard/ })).toBeNull())
    expect(await offlineDb().outbox.count()).toBe(0)
    expect(server.requests).toHaveLength(0)
  })
})

describe('useDraft', () => {
  it('is not ready until the database answered, then restores and follows saves', async () => {
    await offlineDb().drafts.clear()
    const { result } = renderHook(() => useDraft('free'))
    expect(result.current.ready).toBe(false)
    await waitFor(() => expect(result.current.ready).toBe(true))
    expect(result.current.draft).toBeNull()

    await act(() => result.current.save({ answers: { q1: 'Weekly' }, section: 1 }))
    await waitFor(() => expect(result.current.draft?.answers).toEqual({ q1: 'Weekly' }))

    // A second mount (the visitor came back) restores the same draft.
    const again = renderHook(() => useDraft('free'))
    await waitFor(() => expect(again.result.current.draft?.section).toBe(1))

    await act(() => result.current.clear())
    await waitFor(() => expect(again.result.current.draft).toBeNull())
  })
})
