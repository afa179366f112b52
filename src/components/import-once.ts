/**
 * A dynamic import fetched once: callers share the pending or loaded module, and a failed fetch
 * (offline before the service worker has the chunk) is forgotten, so the next call tries again.
 * React's `lazy` keeps a failure for the page's lifetime; this does not.
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined
      throw err
    })
    return pending
  }
}
