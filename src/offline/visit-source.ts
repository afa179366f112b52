// This visit's landing source as the funnel (src/offline/funnel.ts) keeps it in sessionStorage,
// for an audit or a message the visitor sends. Callers load it on demand, at send time.
import type { FirstTouch } from '../config/first-touch'

/** Where the landing source is kept (sessionStorage: gone when the tab closes). */
export const FIRST_TOUCH_STORAGE_KEY = 'funnel:first-touch'

/** This session's landing source; undefined when none is known. */
export function firstTouch(): FirstTouch | undefined {
  try {
    const stored = sessionStorage.getItem(FIRST_TOUCH_STORAGE_KEY) ?? 'null'
    const touch = JSON.parse(stored) as FirstTouch | null
    return touch && Object.keys(touch).length > 0 ? touch : undefined
  } catch {
    return undefined
  }
}
