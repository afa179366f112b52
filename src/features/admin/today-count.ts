// How many people Today lists, for the tab bar's count: the Today tab publishes it whenever its
// list changes (loaded, refreshed, a row handled), and the count beside the tab's name follows.
// A console opened on another tab (an alert's link to a person, a bookmark) asks the server once
// for the list, so the count is there before Today has been opened.
import { createElement, useEffect, useSyncExternalStore } from 'react'
import { pb } from '../../backend/client'
import { getToday } from '../../backend/people-api'

let count: number | null = null
let asked = false
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
  useEffect(() => {
    if (count !== null || asked) return
    // Opened on Today (no tab named, the first one): its own list publishes the count.
    const tab = new URLSearchParams(window.location.search).get('tab')
    if (!tab || tab === 'today') return
    asked = true
    getToday(pb)
      .then((answer) => {
        // Today itself, opened meanwhile, knows better (the rows handled on this device).
        if (count === null) publishTodayCount(answer.items.length)
      })
      .catch(() => {
        // Offline or refused: no count until Today is opened.
        asked = false
      })
  }, [])
  if (!shown) return null
  return createElement(
    'span',
    { className: 'admin-tab__count' },
    createElement('span', { 'aria-hidden': true }, String(shown)),
    createElement('span', { className: 'visually-hidden' }, `(${shown} need you)`),
  )
}
