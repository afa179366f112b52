// Which mail carries a free audit's results: the free audits this device made (their ids and when,
// the last few, in localStorage; nothing about the visitor) and the server's answer about one of
// them (GET /api/audits/{id}/results-mail, server/leads/results-mail-route.ts). The server mails
// one results mail per address per window; only the device that made the earlier audits can name
// them, so only it hears that this report went out with an earlier one. Each answer is kept with
// its audit, so a report reloaded offline still says the same. Loaded by the report on demand.
import { EARLIER_AUDITS_MAX, type ResultsMailAnswer } from '../../server/leads/api'

export type { ResultsMailAnswer }

const STORAGE_KEY = 'free-audits'
/** Older audits are forgotten: the server's window is a day unless its operator widens it. */
const KEEP_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000

interface MadeAudit {
  id: string
  /** When the device handed it to the outbox (ms). */
  at: number
  /** The server's answer, once it gave one. */
  answer?: ResultsMailAnswer
}

function readMade(): MadeAudit[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]')
    return Array.isArray(stored)
      ? stored.filter(
          (entry): entry is MadeAudit =>
            typeof entry?.id === 'string' &&
            /^[a-z0-9]{15}$/.test(entry.id) &&
            typeof entry.at === 'number',
        )
      : []
  } catch {
    return []
  }
}

function writeMade(list: MadeAudit[], now: number): void {
  const kept = list.filter((entry) => now - entry.at < KEEP_DAYS * DAY_MS)
  try {
    // The newest EARLIER_AUDITS_MAX, and the one being asked about.
    localStorage.setItem(STORAGE_KEY, JSON.stringify(kept.slice(-(EARLIER_AUDITS_MAX + 1))))
  } catch {
    // Storage full or blocked: a later audit to the same address then reads as mailed.
  }
}

/** Notes a free audit this device just handed to the outbox. */
export function rememberFreeAudit(id: string, now: number = Date.now()): void {
  const list = readMade().filter((entry) => entry.id !== id)
  writeMade([...list, { id, at: now }], now)
}

/**
 * The server's answer for the free audit `id` (null when it cannot be asked now and none is kept
 * on this device). Names the device's other free audits as the earlier ones.
 */
export async function askResultsMail(
  id: string,
  fetcher: typeof fetch = fetch,
  now: number = Date.now(),
): Promise<ResultsMailAnswer | null> {
  const made = readMade()
  const earlier = made
    .filter((entry) => entry.id !== id)
    .slice(-EARLIER_AUDITS_MAX)
    .map((entry) => entry.id)
  try {
    const query = earlier.length ? `?earlier=${earlier.join(',')}` : ''
    const res = await fetcher(`/api/audits/${encodeURIComponent(id)}/results-mail${query}`)
    if (!res.ok) throw new Error(`results mail: ${res.status}`)
    const answer = (await res.json()) as ResultsMailAnswer
    const rest = readMade().filter((entry) => entry.id !== id)
    const mine = made.find((entry) => entry.id === id)
    writeMade([...rest, { id, at: mine?.at ?? now, answer }], now)
    return answer
  } catch {
    return made.find((entry) => entry.id === id)?.answer ?? null
  }
}
