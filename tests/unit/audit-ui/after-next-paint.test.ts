import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint } from '../../../src/features/audit/after-next-paint'

/** A browser's frames, drawn by hand: each `draw()` runs the callbacks queued for that frame. */
function stubFrames() {
  let queued: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    queued.push(callback)
    return queued.length
  })
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    queued[id - 1] = () => undefined
  })
  return {
    draw() {
      const now = queued
      queued = []
      for (const callback of now) callback(0)
    },
  }
}

describe('afterNextPaint', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('runs the work in a task after the next frame, not in the frame and not before it', () => {
    const frames = stubFrames()
    const work = vi.fn()
    afterNextPaint(work)
    vi.advanceTimersByTime(0)
    expect(work).not.toHaveBeenCalled()
    frames.draw()
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(work).toHaveBeenCalledTimes(1)
    // The fallback does not run it again.
    vi.advanceTimersByTime(500)
    expect(work).toHaveBeenCalledTimes(1)
  })

  it('runs it within 200 ms where no frame comes (a hidden tab), once', () => {
    const frames = stubFrames()
    const work = vi.fn()
    afterNextPaint(work)
    vi.advanceTimersByTime(199)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(work).toHaveBeenCalledTimes(1)
    frames.draw()
    vi.advanceTimersByTime(0)
    expect(work).toHaveBeenCalledTimes(1)
  })

  it('never runs work that was cancelled', () => {
    const frames = stubFrames()
    const work = vi.fn()
    const cancel = afterNextPaint(work)
    cancel()
    frames.draw()
    vi.advanceTimersByTime(500)
    expect(work).not.toHaveBeenCalled()
  })
})
