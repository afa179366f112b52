// The free report's line about its results mail, asked of the server once the audit has reached
// it (./results-mail-line.ts, loaded on demand). Asked again when the connection returns if it
// could not be asked.
import { useEffect, useState } from 'react'

/**
 * For DeliveryStatus' `sentText`: null while the server is asked, undefined for the usual line
 * (these results are mailed, or the server cannot be asked), else the sentence to show.
 */
export function useResultsMailLine(
  auditId: string | null,
  email: string,
  delivered: boolean,
): string | null | undefined {
  const key = delivered && auditId ? JSON.stringify([auditId, email]) : ''
  const [known, setKnown] = useState<{ key: string; line: string | undefined | 'unknown' }>({
    key: '',
    line: undefined,
  })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!key) return
    let live = true
    const [id, address] = JSON.parse(key) as [string, string]
    import('./results-mail-line')
      .then((m) => m.resultsMailLine(id, address))
      .catch(() => null)
      .then((line) => {
        if (live) setKnown({ key, line: line === null ? 'unknown' : line })
      })
    return () => {
      live = false
    }
  }, [key, attempt])

  const current = known.key === key ? known.line : null
  useEffect(() => {
    if (current !== 'unknown') return
    const retry = () => setAttempt((n) => n + 1)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [current])

  if (!key) return undefined
  return current === 'unknown' ? undefined : current
}
