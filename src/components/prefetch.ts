import { useEffect } from 'react'

/**
 * Loads `load` (a dynamic import) once the browser is idle after the first render, while there
 * is a connection, so the code is in memory when it is needed, even after the signal drops.
 * A failure is ignored: the import is tried again where the code is used.
 */
export function usePrefetchWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return
    const start = () => void load().catch(() => undefined)
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 2000 })
      return () => window.cancelIdleCallback(id)
    }
    const timer = setTimeout(start, 200)
    return () => clearTimeout(timer)
  }, [load])
}
