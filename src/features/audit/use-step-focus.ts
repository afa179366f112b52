import { useEffect, useRef } from 'react'

/**
 * On every step or section change: back to the top of the page, and focus on the new step's
 * heading so a screen reader announces where the visitor now is. The first screen after the
 * page loads is left alone (the browser already starts at the top).
 */
export function useStepFocus<T extends HTMLElement = HTMLHeadingElement>(stepKey: string | null) {
  const heading = useRef<T>(null)
  const previous = useRef<string | null>(null)

  useEffect(() => {
    if (stepKey === null) return
    const before = previous.current
    previous.current = stepKey
    if (before === null || before === stepKey) return
    // 'instant': the site's smooth scrolling would leave the new heading half-way on screen.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
    heading.current?.focus({ preventScroll: true })
  }, [stepKey])

  return heading
}
