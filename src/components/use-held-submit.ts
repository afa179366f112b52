import { useEffect, useRef } from 'react'

/** A form as the page's loader (scripts/prerender/boot.js) sees it. */
type HoldableForm = HTMLFormElement & { appReady?: boolean }

declare global {
  interface Window {
    /** Forms submitted before the app took them over, in order (scripts/prerender/boot.js). */
    __heldSubmits?: HTMLFormElement[]
  }
}

/**
 * Gives a prerendered page's form over to the app. Until then the page's loader holds its
 * submits (no native submit, no reload: scripts/prerender/boot.js). Once the form is hydrated,
 * React's state takes the text typed before (React keeps such a DOM value but not its state)
 * and a held submit is sent again, once. Spread the result on the `<form>`.
 */
export function useHeldSubmit() {
  const ref = useRef<HTMLFormElement>(null)
  useEffect(() => {
    const form = ref.current as HoldableForm | null
    if (!form) return
    form.appReady = true
    for (const field of Array.from(form.elements)) {
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        adoptTypedValue(field)
      }
    }
    const held = window.__heldSubmits ?? []
    if (!held.includes(form)) return
    // After React has rendered the adopted values (an effect's updates wait for its end).
    const timer = setTimeout(() => {
      held.splice(held.indexOf(form), 1)
      form.removeAttribute('aria-busy')
      form.requestSubmit()
    })
    return () => clearTimeout(timer)
  }, [])
  return { ref, 'data-hold-submit': '' }
}

/**
 * React sets a controlled field's `defaultValue` to its state; a different `value` was typed
 * before hydration. React's onChange fires only for a value its tracker has not seen: set the
 * state's value through the field's own setter (the tracker's), put the typed one back through
 * the prototype's, and send the input event a keystroke sends.
 */
function adoptTypedValue(field: HTMLInputElement | HTMLTextAreaElement) {
  const typed = field.value
  if (field.type === 'checkbox' || field.type === 'radio' || typed === field.defaultValue) return
  field.value = field.defaultValue
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}
