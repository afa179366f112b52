import { startTransition, useEffect, useState } from 'react'

/**
 * Runs `work` once the change just made is on screen (after the next frame), or within 200 ms
 * where frames do not come (a hidden tab). Returns a function that cancels it.
 */
export function afterNextPaint(work: () => void): () => void {
  let done = false
  let frame = 0
  const run = () => {
    if (done) return
    done = true
    clearTimeout(fallback)
    work()
  }
  const fallback = setTimeout(run, 200)
  if (typeof requestAnimationFrame === 'function')
    frame = requestAnimationFrame(() => setTimeout(run, 0))
  return () => {
    done = true
    clearTimeout(fallback)
    if (frame) cancelAnimationFrame(frame)
  }
}

/**
 * `value` as it was when the last frame was drawn: a change of `value` comes back a transition
 * after the frame that shows everything else the change did, never in that frame. (React's
 * `useDeferredValue` renders the deferred value in a task of its own, which on a slow phone the
 * browser may run before its frame, and the frame then draws both.) `initial` until then.
 */
export function useValueAfterPaint<T>(value: T, initial: T): T {
  const [shown, setShown] = useState(initial)
  useEffect(() => afterNextPaint(() => startTransition(() => setShown(value))), [value])
  return shown
}
