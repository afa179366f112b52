import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keepSubscribed } from '../../../src/features/admin/use-admin'

/** A subscribe function whose answers the test gives, one per call. */
function subscriptions() {
  const calls: { resolve: (unsubscribe: () => Promise<void>) => void; reject: () => void }[] = []
  const subscribe = () =>
    new Promise<() => Promise<void>>((resolve, reject) =>
      calls.push({ resolve, reject: () => reject(new Error('no connection')) }),
    )
  return { calls, subscribe }
}

describe('keepSubscribed', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('tries a failed first subscription again after 1, 2 and 4 s, then holds it until stopped', async () => {
    const { calls, subscribe } = subscriptions()
    const unsubscribe = vi.fn(() => Promise.resolve())
    const stop = keepSubscribed(subscribe)
    expect(calls).toHaveLength(1)
    for (const [index, wait] of [1000, 2000, 4000].entries()) {
      calls[index].reject()
      await vi.advanceTimersByTimeAsync(wait - 1)
      expect(calls).toHaveLength(index + 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls).toHaveLength(index + 2)
    }
    calls[3].resolve(unsubscribe)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toHaveLength(4)
    expect(unsubscribe).not.toHaveBeenCalled()
    stop()
    expect(unsubscribe).toHaveBeenCalledOnce()
  })

  it('waits at most 30 s between tries', async () => {
    const { calls, subscribe } = subscriptions()
    keepSubscribed(subscribe)
    for (let index = 0; index < 6; index++) {
      calls[index].reject()
      await vi.advanceTimersByTimeAsync(30_000)
      expect(calls).toHaveLength(index + 2)
    }
  })

  it('unsubscribes a subscription that comes after it was stopped, and tries no more', async () => {
    const { calls, subscribe } = subscriptions()
    const unsubscribe = vi.fn(() => Promise.resolve())
    const stop = keepSubscribed(subscribe)
    stop()
    calls[0].resolve(unsubscribe)
    await vi.advanceTimersByTimeAsync(0)
    expect(unsubscribe).toHaveBeenCalledOnce()

    const failing = subscriptions()
    const stopFailing = keepSubscribed(failing.subscribe)
    failing.calls[0].reject()
    await vi.advanceTimersByTimeAsync(0)
    stopFailing()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(failing.calls).toHaveLength(1)
  })
})
