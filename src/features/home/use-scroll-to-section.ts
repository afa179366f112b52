import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { sections } from '../../config/paths'

const sectionIds: readonly string[] = Object.values(sections)

/**
 * Scrolls to the section named by the URL hash, on load and on every link to `/#section`
 * (the location key changes even when the same link is clicked twice). Focus moves to the
 * section so keyboard and screen-reader users continue from there.
 */
export function useScrollToSection() {
  const { hash, key } = useLocation()
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1))
    if (!sectionIds.includes(id)) return
    const target = document.getElementById(id)
    if (!target) return
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
    target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' })
    target.focus({ preventScroll: true })
  }, [hash, key])
}
