// @vitest-environment jsdom
// The console's loads (useServerData): a load that failed is tried again when the connection comes
// back, and that one, if the network or the server fails it, by itself a few times more; a load
// the server refused for the request, or one that failed while nothing changed, waits for Try
// Again.
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTO_RETRIES, useServerData } from '../../../src/features/admin/use-admin'
import { setOnline } from '../support/online'

/** What the SDK throws: status 0 when no answer came (the network), else PocketBase's answer. */
const answered = (status: number) =>
  Object.assign(new Error(`status ${status}`), {
    status,
    response: status ? { status, message: 'The server said no.', data: {} } : {},
  })

/** Lets the fake clock run `ms`, and every promise and render it causes settle. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  // The back-off at the low end of its jitter: 1, 2, 4, 8, 16 s.
  vi.spyOn(Math, 'random').mockReturnValue(0)
  setOnline(true)
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** A load that failed offline, then the connection came back: the load it started is the 2nd. */
async function failOfflineThenReconnect(load: () => Promise<string>, key = 'person:1') {
  setOnline(false)
  const hook = renderHook(() => useServerData(key, load))
  await wait(0)
  expect(hook.result.current.error).toBeDefined()
  act(() => setOnline(true))
  await wait(0)
  return hook
}

describe('a console load that failed', () => {
  it('is tried again when the connection comes back, then by itself while the network fails', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(answered(0))
      .mockRejectedValueOnce(answered(0))
      .mockRejectedValueOnce(answered(503))
      .mockResolvedValue('the person')
    const { result } = await failOfflineThenReconnect(load)
    expect(load).toHaveBeenCalledTimes(2) // the connection came back; not carrying yet
    await wait(999)
    expect(load).toHaveBeenCalledTimes(2)
    await wait(1)
    expect(load).toHaveBeenCalledTimes(3) // after 1 s
    await wait(2000)
    expect(load).toHaveBeenCalledTimes(4) // after 2 s more
    expect(result.current).toMatchObject({ data: 'the person', error: undefined, loading: false })
  })

  it('waits for Try Again when it failed while the connection did not change', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(answered(0))
    const { result } = renderHook(() => useServerData('person:2', load))
    for (let minute = 0; minute < 10; minute++) await wait(60_000)
    expect(load).toHaveBeenCalledTimes(1)
    expect(result.current.error).toBeDefined()
    act(() => result.current.refresh())
    await wait(0)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('is not tried again by itself when the server refused the request', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(answered(0))
      .mockRejectedValue(answered(404))
    const { result } = await failOfflineThenReconnect(load, 'person:gone')
    for (let minute = 0; minute < 10; minute++) await wait(60_000)
    expect(load).toHaveBeenCalledTimes(2)
    expect(result.current.error).toBeDefined()
  })

  it(`stops trying by itself after ${AUTO_RETRIES} tries, leaving Try Again`, async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(answered(0))
    const { result } = await failOfflineThenReconnect(load, 'person:3')
    for (let minute = 0; minute < 10; minute++) await wait(60_000)
    expect(load).toHaveBeenCalledTimes(2 + AUTO_RETRIES)
    expect(result.current.error).toBeDefined()
  })
})
