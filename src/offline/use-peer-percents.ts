// The report's peer comparison, with its code loaded only once a report is shown.
import { useEffect, useState } from 'react'
import type { PeerPercents } from './peer-benchmark'

export type { PeerPercents }

/** "Higher than N%" for these scores, once the benchmark is known; null until then or never. */
export function usePeerPercents(scores: {
  overallScore: number
  sectionScores: Record<string, number>
}): PeerPercents | null {
  const [percents, setPercents] = useState<{ key: string; value: PeerPercents | null }>({
    key: '',
    value: null,
  })
  const key = JSON.stringify(scores)
  useEffect(() => {
    let live = true
    void import('./peer-benchmark')
      .then((m) => m.loadPeerPercents(JSON.parse(key)))
      .then((value) => {
        if (live) setPercents({ key, value })
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [key])
  return percents.key === key ? percents.value : null
}
