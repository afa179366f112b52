// Runs a newsletter link's action (confirm, unsubscribe) against the server and reports its
// state to the page. The work itself is in src/backend/newsletter-api.ts.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { LinkOutcome } from '../../backend/newsletter-api'

export type LinkState = 'idle' | 'working' | LinkOutcome

/**
 * `run()` performs the action once at a time. With `immediately`, it runs as soon as the page
 * opens (the confirmation link), once per token.
 */
export function useLinkAction(action: () => Promise<LinkOutcome>, immediately: boolean) {
  const [state, setState] = useState<LinkState>(immediately ? 'working' : 'idle')
  const running = useRef(false)
  const mounted = useRef(true)

  const run = useCallback(async () => {
    if (running.current) return
    running.current = true
    setState('working')
    const outcome = await action()
    running.current = false
    if (mounted.current) setState(outcome)
  }, [action])

  useEffect(() => {
    mounted.current = true
    if (immediately) void run()
    return () => {
      mounted.current = false
    }
  }, [immediately, run])

  return { state, run }
}
