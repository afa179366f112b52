// The visitors' peer benchmark: how an audit compares with every audit taken, from the server's
// score histograms (GET /api/peer-benchmark: counts only, nothing about anyone). The last answer
// is kept in localStorage so a report opened offline still shows it. Loaded by the report on
// demand (src/offline/use-peer-percents.ts), not with the audit's code.
import { higherThanPercent } from '../config/peer-percent'

export { higherThanPercent }

export interface PeerBenchmark {
  audits: number
  minAudits: number
  /** Index = score 0-100, value = how many audits scored that; absent below minAudits. */
  overall?: number[]
  sections?: Record<string, number[]>
}

const STORAGE_KEY = 'peer-benchmark'

function stored(): PeerBenchmark | null {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as PeerBenchmark | null
  } catch {
    return null
  }
}

/** The server's benchmark, or the last one kept on this device when the network fails. */
export async function loadPeerBenchmark(
  fetcher: typeof fetch = fetch,
): Promise<PeerBenchmark | null> {
  try {
    const res = await fetcher('/api/peer-benchmark')
    if (!res.ok) throw new Error(`peer benchmark: ${res.status}`)
    const benchmark = (await res.json()) as PeerBenchmark
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(benchmark))
    } catch {
      // Storage full or blocked: it is only missing offline.
    }
    return benchmark
  } catch {
    return stored()
  }
}

/** How one audit compares: "higher than N%" overall and per section; null entries unknown. */
export interface PeerPercents {
  overall: number | null
  sections: Record<string, number | null>
}

/** The audit's percentages once enough audits exist to compare with; null until then. */
export async function loadPeerPercents(scores: {
  overallScore: number
  sectionScores: Record<string, number>
}): Promise<PeerPercents | null> {
  const benchmark = await loadPeerBenchmark()
  if (!benchmark?.overall || benchmark.audits < benchmark.minAudits) return null
  const sections: Record<string, number | null> = {}
  for (const [name, score] of Object.entries(scores.sectionScores))
    sections[name] = higherThanPercent(benchmark.sections?.[name], score)
  return { overall: higherThanPercent(benchmark.overall, scores.overallScore), sections }
}
