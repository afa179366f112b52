// How many people Today lists, for the tab bar's count: the Today tab publishes it whenever its
// list changes (loaded, refreshed, a row handled), and the count beside the tab's name follows.
// Unknown (no count shown) until Today has been open once in this session.
import { createElement, useSyncExternalStore } from 'react'

let count: number | null = null
const listeners = new Set<() => void>()

export function publishTodayCount(next: number): void {
  if (next === count) return
  count = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Beside the tab's name: the count, and its meaning for a screen reader ("Today (3 need you)"). */
export function TodayTabCount() {
  const shown = useSyncExternalStore(
    subscribe,
    () => count,
    () => null,
  )
  if (!shown) return null
  return createElement(
    'span',
    { className: 'admin-tab__count' },
    createElement('span', { 'aria-hidden': true }, String(shown)),
    createElement('span', { className: 'visually-hidden' }, `(${shown} need you)`),
  )
}
