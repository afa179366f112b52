import { useEffect, useRef, useState } from 'react'
import { confirmVerification, type TokenOutcome } from '../../backend/account-links'

// One request per token and attempt, however often React runs the effect (StrictMode mounts
// twice): a second confirm would be harmless, but the page must show the first one's answer.
const verifications = new Map<string, Promise<TokenOutcome>>()

/**
 * Confirms a verification link's token as soon as the page opens; null while it runs.
 * `attempt` starts again after a failure that was not the token's fault (offline, server).
 */
export function useVerificationOutcome(token: string, attempt: number): TokenOutcome | null {
  const key = `${attempt}|${token}`
  const [answer, setAnswer] = useState<{ key: string; outcome: TokenOutcome } | null>(null)
  useEffect(() => {
    let current = true
    let request = verifications.get(key)
    if (!request) {
      request = confirmVerification(token)
      verifications.set(key, request)
    }
    void request.then((outcome) => current && setAnswer({ key, outcome }))
    return () => {
      current = false
    }
  }, [key, token])
  return answer?.key === key ? answer.outcome : null
}

/** Moves focus to the element (a heading) whenever `state` changes, for screen readers. */
export function useFocusOnChange<T extends HTMLElement>(state: unknown) {
  const ref = useRef<T>(null)
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    ref.current?.focus()
  }, [state])
  return ref
}
