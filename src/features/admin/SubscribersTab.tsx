import { pb } from '../../backend/client'
import {
  countSubscribers,
  exportActiveSubscribersCsv,
  listAllSubscribers,
  listSubscribers,
} from '../../backend/admin-api'
import { AdminList, pageCounts } from './AdminList'
import { subscriberList } from './admin-lists'
import { subscribersCsv } from './csv'
import { ListToolbar } from './ListToolbar'
import { MailingToolExport } from './MailingToolExport'
import { useCsvExport, useListControls, useLiveChanges, useServerData } from './use-admin'

/** Newsletter subscribers, newest first, with how many are in each status. */
export function SubscribersTab() {
  const controls = useListControls()
  const { filter, filterKey, page } = controls
  const list = useServerData(`subscribers:${filterKey}:${page}`, () =>
    listSubscribers(pb, page, filter),
  )
  const counts = useServerData('subscriber-counts', () => countSubscribers(pb))
  const csv = useCsvExport()

  useLiveChanges('newsletter', () => {
    list.refresh()
    counts.refresh()
  })

  const counters = [
    { key: 'active', label: 'Active', value: counts.data?.active },
    { key: 'pending', label: 'Waiting for confirmation', value: counts.data?.pending },
    { key: 'unsubscribed', label: 'Unsubscribed', value: counts.data?.unsubscribed },
  ]

  return (
    <>
      <dl className="admin-counters" aria-busy={counts.loading}>
        {counters.map((c) => (
          <div key={c.key} className="admin-counter">
            <dt>{c.label}</dt>
            <dd data-testid={`subscribers-${c.key}`}>{c.value ?? '–'}</dd>
          </div>
        ))}
      </dl>

      <MailingToolExport exportCsv={() => exportActiveSubscribersCsv(pb)} />

      <ListToolbar
        subject="subscribers"
        email={controls.emailInput}
        onEmailChange={controls.setEmailInput}
        period={controls.period}
        onPeriodChange={controls.setPeriod}
        onRefresh={() => {
          list.refresh()
          counts.refresh()
        }}
        exporting={csv.exporting}
        onExport={() =>
          csv.run(
            'newsletter-subscribers',
            () => listAllSubscribers(pb, filter),
            subscribersCsv,
            'subscribers',
          )
        }
      />
      <p className="admin-note" role="status">
        {csv.note}
      </p>

      <AdminList
        definition={subscriberList}
        rows={list.data?.items}
        loading={list.loading}
        error={list.error}
        onRetry={list.refresh}
        pages={list.data && { page, ...pageCounts(list.data), onPage: controls.setPage }}
      />
    </>
  )
}
