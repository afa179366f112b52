import { useEffect, useState } from 'react'
import './scroll-to-top.css'

/** The button shows once the visitor has scrolled past 80% of the page. */
export const SCROLL_TOP_THRESHOLD = 0.8

function scrolledFraction(): number {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight
  return scrollable > 0 ? window.scrollY / scrollable : 0
}

export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const update = () => {
      timer = undefined
      setVisible(scrolledFraction() >= SCROLL_TOP_THRESHOLD)
    }
    // After the frame: the browser fires `scroll` while it draws a frame, and a frame callback
    // would put this button's work (a read of the page's height, a render) into the frame that
    // shows the scroll, such as the frame of a tap that takes the audit to its next section.
    const schedule = () => {
      timer ??= setTimeout(update, 0)
    }
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    schedule()
    return () => {
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      clearTimeout(timer)
    }
  }, [])

  if (!visible) return null
  return (
    <button
      type="button"
      className="scroll-top"
      onClick={() => {
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' })
        // Keyboard users continue from the top of the page, not from the footer.
        document.querySelector<HTMLElement>('.site-header__logo')?.focus({ preventScroll: true })
      }}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          d="M12 19V5M5 12l7-7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">Scroll to top</span>
    </button>
  )
}
