// The strategy-call button on the dashboard. The app hands the site's own button in (the router
// passes DashboardPage a function that draws it): it is part of the site's first JavaScript
// already, and importing it here as well would make the bundler split it, and the dialog it
// opens, out of that first JavaScript into chunks of their own, which costs every page bytes.
import { createContext, useContext, type ReactNode } from 'react'
import type { SchedulerPrefill } from '../../components/scheduler-script'

/** Draws the booking button for a visitor we know (their name and e-mail fill the form in). */
export type RenderBookCall = (prefill: SchedulerPrefill) => ReactNode

export const BookCallContext = createContext<RenderBookCall | null>(null)

/** The booking button, filled in with the member's name and e-mail. */
export function BookCall({ prefill }: { prefill: SchedulerPrefill }) {
  const render = useContext(BookCallContext)
  return render ? render(prefill) : null
}
