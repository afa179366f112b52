// @vitest-environment jsdom
// The pointer, mouse, touch and transition events no component handles are kept from React's
// root listener (src/app/unhandled-events.ts): React never dispatches them, a click still reaches
// its handler, and no component in src/ has a handler for one (it would never run).
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keepUnhandledEventsFromReact, UNHANDLED_EVENT } from '../../../src/app/unhandled-events'

// React's act() warns unless it is told it runs in a test.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** The families of events no component may handle (their events never reach React). */
const FAMILIES = /^(pointer|gotpointer|lostpointer|mouse|touch|transition)/

/** The events of those families React listens to at its root (asked of React once). */
const REACTS_UNHANDLED_EVENTS = ((): string[] => {
  const element = document.createElement('div')
  const add = vi.spyOn(element, 'addEventListener')
  const reactRoot = createRoot(element)
  act(() => reactRoot.unmount())
  return [...new Set(add.mock.calls.map(([type]) => type))].filter((t) => FAMILIES.test(t))
})()

// jsdom lacks some of the document's on... properties Chromium has (the pointer and transition
// ones): given here, so the guard finds the same events it finds in a browser. A browser without
// one leaves that event to React, as before.
for (const type of REACTS_UNHANDLED_EVENTS) {
  if (!(`on${type}` in document))
    Object.defineProperty(Document.prototype, `on${type}`, { value: null, enumerable: true })
}

let root: Root | undefined
let container: HTMLElement | undefined

afterEach(() => {
  act(() => root?.unmount())
  container?.parentElement?.remove()
  root = undefined
  container = undefined
})

/** A button with a handler for a click and one for each kept event, in a root of its own. */
function renderButton(guarded: boolean) {
  const host = document.body.appendChild(document.createElement('div'))
  container = host.appendChild(document.createElement('div'))
  if (guarded) keepUnhandledEventsFromReact(container)
  const seen: string[] = []
  const record = (event: { type: string }) => void seen.push(event.type)
  root = createRoot(container)
  act(() =>
    root!.render(
      <button
        type="button"
        onClick={record}
        onPointerDown={record}
        onPointerOver={record}
        onMouseDown={record}
        onMouseEnter={record}
        onTouchStart={record}
        onTransitionEnd={record}
      >
        Tap
      </button>,
    ),
  )
  const button = container.querySelector('button')!
  const fire = (type: string) =>
    act(() => void button.dispatchEvent(new Event(type, { bubbles: true, cancelable: true })))
  return { seen, fire }
}

describe('events no component handles', () => {
  it('never reach React, while a click does', () => {
    const { seen, fire } = renderButton(true)
    expect(REACTS_UNHANDLED_EVENTS.length).toBeGreaterThan(15)
    for (const type of REACTS_UNHANDLED_EVENTS) fire(type)
    fire('click')
    expect(seen).toEqual(['click'])
  })

  it('reach React without the guard (what the test above rules out)', () => {
    const { seen, fire } = renderButton(false)
    fire('pointerdown')
    fire('mousedown')
    fire('touchstart')
    fire('transitionend')
    expect(seen).toEqual(['pointerdown', 'mousedown', 'touchstart', 'transitionend'])
  })

  it("are the families' events React listens to, passive (the browser never waits to scroll)", () => {
    const host = document.createElement('div')
    const inner = host.appendChild(document.createElement('div'))
    const add = vi.spyOn(host, 'addEventListener')
    keepUnhandledEventsFromReact(inner)
    // Those and no others (not the enter and leave events, which React does not listen to).
    expect(add.mock.calls.map(([type]) => type).sort()).toEqual([...REACTS_UNHANDLED_EVENTS].sort())
    expect(UNHANDLED_EVENT.test('pointerrawupdate')).toBe(false)
    for (const [, , options] of add.mock.calls) {
      expect(options).toEqual({ capture: true, passive: true })
    }
  })

  it('have no handler in any component (it would never run)', () => {
    const src = join(import.meta.dirname, '../../../src')
    const handler = /\bon([A-Z][A-Za-z]*)=/g
    const found: string[] = []
    for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.tsx')) continue
      const text = readFileSync(join(src, file), 'utf8')
      for (const match of text.matchAll(handler)) {
        if (!FAMILIES.test(match[1].toLowerCase())) continue
        found.push(`${relative(src, join(src, file))}: ${match[0]}`)
      }
    }
    expect(found, 'see src/app/unhandled-events.ts before adding one').toEqual([])
  })
})
