// React listens at its root to every event it supports, and runs its whole dispatch for each:
// it finds the target's component, walks up to the root twice (capture, then bubble) looking for
// handlers, and runs each event plugin. A tap on a phone fires about a dozen pointer, touch and
// mouse events before its click, and no component in the app handles any of them, yet each one's
// dispatch cost 1-6 ms of a tap on a phone slowed 6x (docs/decisions/039-events-react-never-sees.md).
// These are stopped on the root's parent, before React's listeners see them. The browser's own
// handling (focus, :hover and :active, scrolling, the click that follows) is untouched: only
// listeners further down the page would miss them, and the app adds none.

/**
 * The events stopped: each one React listens to in the pointer, mouse, touch and transition
 * families, and no other (a listener for `pointerrawupdate`, `mousewheel` or the enter and leave
 * events would make the browser fire events it otherwise spares). No component may handle one of
 * these families (`onPointerDown`, `onMouseEnter`, `onTouchStart`, `onTransitionEnd`, ...): the
 * handler would never run, and a unit test (tests/unit/app/unhandled-events.test.tsx) fails on
 * one anywhere in src/.
 */
export const UNHANDLED_EVENT =
  /^(pointer(over|out|down|move|up|cancel)|(got|lost)pointercapture|mouse(over|out|down|move|up)|touch(start|move|end|cancel)|transition(run|start|end|cancel))$/

const stop = (event: Event) => event.stopPropagation()

/** Keeps the unhandled events inside `container` (React's root element) from React's listeners. */
export function keepUnhandledEventsFromReact(container: HTMLElement): void {
  const parent = container.parentNode
  // Each one the browser has (its `on...` property on the document): a phone's touch events are
  // not there on a desktop, and an event a browser lacks is left to React.
  for (const key in document) {
    const type = key.slice(2)
    // Passive: a touch listener that could cancel would make the browser wait for it to scroll.
    if (key.startsWith('on') && UNHANDLED_EVENT.test(type))
      parent?.addEventListener(type, stop, { capture: true, passive: true })
  }
}
