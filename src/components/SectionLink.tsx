import type { MouseEvent, ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { paths, type sections } from '../config/paths'

type SectionId = (typeof sections)[keyof typeof sections]

interface SectionLinkProps {
  section: SectionId
  children: ReactNode
  className?: string
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void
}

/**
 * A link to a home-page section. It always points at `/#section`: on the home page the page
 * itself scrolls smoothly to the section when the hash changes (see use-scroll-to-section),
 * elsewhere it opens the home page, which scrolls to the hash on load.
 */
export function SectionLink({ section, children, className, onClick }: SectionLinkProps) {
  return (
    <Link
      to={{ pathname: paths.home, hash: `#${section}` }}
      className={className}
      onClick={onClick}
    >
      {children}
    </Link>
  )
}
