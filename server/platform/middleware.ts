// Several middlewares run as ONE of PocketBase's: each registered middleware holds a JavaScript
// engine from the pool while everything after it runs (`e.next()` returns only when the answer
// is done), so nine of them held nine engines per request, and a busy pool made a new engine,
// with its modules loaded anew, for each one past the pool. A chain of steps holds one.

/** What a chain needs of PocketBase's request event: the rest of PocketBase's chain. */
interface Chained {
  next(): void
}

/** A middleware written to be chained: it calls `next` where it would call `e.next()`. */
export type Step<E extends Chained> = (e: E, next: () => void) => void

/**
 * Runs `steps` in order as one middleware: each step's `next` is the following step, the last
 * one's is `e.next()`. A step that answers (or throws) without calling `next` ends the chain, as
 * it would end PocketBase's. A step that hands the event to a Go middleware (which calls
 * `e.next()` itself) must be the last.
 */
export function chain<E extends Chained>(e: E, steps: Array<Step<E>>): void {
  const at = (i: number): void => {
    if (i >= steps.length) return e.next()
    return steps[i](e, () => at(i + 1))
  }
  return at(0)
}
