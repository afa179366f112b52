// The console's tabs, in the order of its tab bar: adding a tab is one entry here. A tab is a
// component of its own file, taking no props (it opens audits and links to people through
// useConsole()); it is its own chunk, loaded the first time it is shown, and precached for
// offline use like every chunk. The first entry is where the console opens.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { paths } from '../../config/paths'
import { MailHealth } from './MailHealth'
import { TodayTabCount } from './today-count'

export interface ConsoleTab {
  /** In the address: /audit-admin?tab=<id> (the first tab needs none). */
  id: string
  /** The word in the tab bar: short, it must fit a phone's tab bar with eight others. */
  label: string
  /** The page's heading and the window title. */
  title: string
  /** The tab draws its own visible heading: the page's stays for screen readers only. */
  titleHidden?: boolean
  Panel: LazyExoticComponent<ComponentType>
  /** Beside the label in the tab bar (a count), when the tab has one. */
  Count?: ComponentType
}

export const consoleTabs: readonly ConsoleTab[] = [
  {
    id: 'today',
    label: 'Today',
    title: 'Today',
    Count: TodayTabCount,
    Panel: lazy(() => import('./TodayTab').then((m) => ({ default: m.TodayTab }))),
  },
  {
    id: 'people',
    label: 'People',
    title: 'People',
    Panel: lazy(() => import('./PeopleTab').then((m) => ({ default: m.PeopleTab }))),
  },
  {
    id: 'funnel',
    label: 'Funnel',
    title: 'Funnel',
    Panel: lazy(() => import('./FunnelTab').then((m) => ({ default: m.FunnelTab }))),
  },
  {
    id: 'audits',
    label: 'Audits',
    title: 'Business Efficiency Audits',
    Panel: lazy(() => import('./AuditsTab').then((m) => ({ default: m.AuditsTab }))),
  },
  {
    id: 'messages',
    label: 'Messages',
    title: 'Messages',
    Panel: lazy(() => import('./MessagesTab').then((m) => ({ default: m.MessagesTab }))),
  },
  {
    id: 'subscribers',
    label: 'Subscribers',
    title: 'Newsletter subscribers',
    Panel: lazy(() => import('./SubscribersTab').then((m) => ({ default: m.SubscribersTab }))),
  },
  {
    id: 'newsletter',
    label: 'Newsletter',
    title: 'Newsletter',
    titleHidden: true,
    Panel: lazy(() => import('./NewsletterTab')),
  },
  {
    id: 'integrations',
    label: 'Integrations',
    title: 'Integrations',
    titleHidden: true,
    Panel: lazy(() => import('./IntegrationsTab').then((m) => ({ default: m.IntegrationsTab }))),
  },
  {
    id: 'followup',
    label: 'Follow-up',
    title: 'Follow-up after the audit',
    Panel: lazy(() => import('./FollowupTab').then((m) => ({ default: m.FollowupTab }))),
  },
  {
    id: 'site',
    label: 'Site',
    title: 'Your site',
    Panel: lazy(() => import('./site/SiteTab')),
  },
]

/**
 * The top bar's status line: one short item (mail health) that says what needs the
 * consultant's attention and renders nothing while all is well.
 */
export const consoleStatusItems: readonly { id: string; Item: ComponentType }[] = [
  { id: 'mail-health', Item: MailHealth },
]

/** The console's address for a tab, and for a person opened from it. */
export function consoleHref(tabId: string, personId?: string | null): string {
  const query = new URLSearchParams()
  if (tabId !== consoleTabs[0].id) query.set('tab', tabId)
  if (personId) query.set('person', personId)
  const search = query.toString()
  return search ? `${paths.auditAdmin}?${search}` : paths.auditAdmin
}
