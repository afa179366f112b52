import { useEffect, useState } from 'react'

/**
 * A value that clears itself `ms` after it was set (form messages clear after 5 s,
 * copy feedback after 2 s). Setting a new value, even an equal one, restarts the clock.
 */
export function useTimedMessage<T>(ms: number) {
  const [entry, setEntry] = useState<{ value: T } | null>(null)
  useEffect(() => {
    if (entry === null) return
    const timer = setTimeout(() => setEntry(null), ms)
    return () => clearTimeout(timer)
  }, [entry, ms])
  const set = (value: T | null) => setEntry(value === null ? null : { value })
  return [entry?.value ?? null, set] as const
}
