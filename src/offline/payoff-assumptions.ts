// The payoff model's assumptions as the consultant set them (GET /api/payoff), for the report and
// the dashboard. The last answer is kept in localStorage, so a report opened offline shows the
// same figures; before any answer (a first visit without signal) the site's defaults apply.
// Loaded with the report's code, not with the audit's.
import { useEffect, useState } from 'react'
import { checkPayoffAssumptions } from '../audit/payoff'
import { PAYOFF_DEFAULTS } from '../config/payoff'
import type { PayoffAssumptions } from '../config/payoff'

const STORAGE_KEY = 'payoff-assumptions'

/** The assumptions if they pass the checks (a stored copy may be from an older site). */
function checked(value: unknown): PayoffAssumptions | null {
  const result = checkPayoffAssumptions(value)
  return Object.keys(result.problems).length ? null : result.value
}

/** The last assumptions kept on this device, or the site's defaults. */
export function storedPayoffAssumptions(): PayoffAssumptions {
  try {
    return checked(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null')) ?? PAYOFF_DEFAULTS
  } catch {
    return PAYOFF_DEFAULTS
  }
}

/** The server's assumptions (kept for offline use), or null when it cannot be reached. */
export async function loadPayoffAssumptions(
  fetcher: typeof fetch = fetch,
): Promise<PayoffAssumptions | null> {
  try {
    const res = await fetcher('/api/payoff')
    if (!res.ok) return null
    const body = (await res.json()) as { assumptions?: unknown }
    const assumptions = checked(body.assumptions)
    if (!assumptions) return null
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(assumptions))
    } catch {
      // Storage full or blocked: only the offline copy is missing.
    }
    return assumptions
  } catch {
    return null
  }
}

/** The assumptions in force: the kept copy at once, then the server's when it answers. */
export function usePayoffAssumptions(): PayoffAssumptions {
  const [assumptions, setAssumptions] = useState(storedPayoffAssumptions)
  useEffect(() => {
    let live = true
    void loadPayoffAssumptions().then((fresh) => {
      if (live && fresh) setAssumptions(fresh)
    })
    return () => {
      live = false
    }
  }, [])
  return assumptions
}
