import type { ReactNode } from 'react'
import './legal.css'

/** The shared frame of the privacy and terms pages: title, date and readable prose. */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string
  updated: string
  children: ReactNode
}) {
  return (
    <main id="main" tabIndex={-1} className="container narrow legal">
      <h1>{title}</h1>
      <p className="legal__updated">Last updated {updated}</p>
      {children}
    </main>
  )
}
