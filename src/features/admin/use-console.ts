// What every console tab may ask of the shell around it (AdminPage.tsx): open an audit's report,
// link to a person's page. Tabs take no props; they read these through useConsole().
import { createContext, useContext } from 'react'

export interface ConsoleActions {
  /** Opens an audit's whole report in a dialog over the tab. */
  openAudit(auditId: string): void
  /** The address of a person's page; Back to the list returns to the tab it was opened from. */
  personHref(personId: string): string
}

export const ConsoleContext = createContext<ConsoleActions | null>(null)

export function useConsole(): ConsoleActions {
  const actions = useContext(ConsoleContext)
  if (!actions) throw new Error('useConsole() outside the console')
  return actions
}
