import { useEffect, useRef } from 'react'

declare global {
  // An option of HTML's focus() (Chromium and Firefox have it) that TypeScript's DOM types lack.
  interface FocusOptions {
    focusVisible?: boolean
  }
}

/**
 * Marks a button that changes the step (Start, Previous, Next, Get My Report, Review my answers):
 * spread onto the button.
 */
export const stepButton = { 'data-step-button': '' } as const
const STEP_BUTTON_ATTRIBUTE: keyof typeof stepButton = 'data-step-button'

/**
 * On every step or section change: back to the top of the page, and focus on the new step's
 * heading so a screen reader announces where the visitor now is. The first screen after the
 * page loads is left alone (the browser already starts at the top). The heading shows the focus
 * ring after a key (Enter or Space on a button), not after a tap or a click.
 *
 * While it is used, a press on a step button does not focus the button (`keepFocusOffStepButtons`).
 */
export function useStepFocus<T extends HTMLElement = HTMLHeadingElement>(stepKey: string | null) {
  const heading = useRef<T>(null)
  const previous = useRef<string | null>(null)
  // Whether the last input was a pointer's press rather than a key. The browser decides the ring
  // of a focus given by a script from the focus before it, and after a press that took none
  // (Start, the page's first tap) it drew one around the heading of a visitor who tapped.
  const pressed = useRef(false)

  useEffect(() => {
    if (stepKey === null) return
    const before = previous.current
    previous.current = stepKey
    if (before === null || before === stepKey) return
    // 'instant': the site's smooth scrolling would leave the new heading half-way on screen.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
    heading.current?.focus({ preventScroll: true, focusVisible: !pressed.current })
  }, [stepKey])

  useEffect(() => {
    const onPress = (event: MouseEvent) => {
      pressed.current = true
      keepFocusOffStepButtons(event)
    }
    const onKey = () => {
      pressed.current = false
    }
    document.addEventListener('mousedown', onPress, { capture: true })
    document.addEventListener('keydown', onKey, { capture: true })
    return () => {
      document.removeEventListener('mousedown', onPress, { capture: true })
      document.removeEventListener('keydown', onKey, { capture: true })
    }
  }, [])

  return heading
}

/**
 * A tap or a click on a step button would focus it, only for the step it shows to move the focus
 * to its heading in the same click: two focus changes where one is wanted, each a style pass and a
 * run through React's focus listeners. On the audit's first tap, Start, that was 10-15 ms of a
 * phone slowed 6x, spent before its click was handled. The press's default is prevented, so the
 * focus stays where it was until the new heading takes it; the click, the keyboard and the
 * button's pressed look are as before. On the document, in the capture phase: listeners nearer
 * the app never see a mousedown (src/app/unhandled-events.ts). See
 * docs/decisions/042-a-step-button-leaves-the-focus.md.
 */
function keepFocusOffStepButtons(event: MouseEvent) {
  if (event.target instanceof Element && event.target.closest(`[${STEP_BUTTON_ATTRIBUTE}]`))
    event.preventDefault()
}
