/** A dynamic import fetched once (`importOnce`), and the module once it has come. */
export type ImportOnce<T> = (() => Promise<T>) & {
  /** The module once loaded, for a render that should show it at once (no loading flash). */
  readonly loaded: T | undefined
}

/**
 * A dynamic import fetched once: callers share the pending or loaded module, and a failed fetch
 * (offline before the service worker has the chunk) is forgotten, so the next call tries again.
 * React's `lazy` keeps a failure for the page's lifetime; this does not.
 */
export function importOnce<T>(load: () => Promise<T>): ImportOnce<T> {
  let pending: Promise<T> | undefined
  let loaded: T | undefined
  const once = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (err: unknown) => {
        pending = undefined
        throw err
      },
    ))
  return Object.defineProperty(once, 'loaded', { get: () => loaded }) as ImportOnce<T>
}
