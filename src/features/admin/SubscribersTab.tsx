import { pb } from '../../backend/client'
import { listAllSubscribers, listSubscribers } from '../../backend/admin-api'
import { AdminList, pageCounts } from './AdminList'
import { subscriberList } from './admin-lists'
import { subscribersCsv } from './csv'
import { ListToolbar } from './ListToolbar'
import { useCsvExport, useListControls, useLiveChanges, useServerData } from './use-admin'

/** Newsletter subscribers, newest first. */
export function SubscribersTab() {
  const controls = useListControls()
  const { filter, filterKey, page } = controls
  const list = useServerData(`subscribers:${filterKey}:${page}`, () =>
    listSubscribers(pb, page, filter),
  )
  const csv = useCsvExport()

  useLiveChanges('newsletter', () => list.refresh())

  return (
    <>
      <ListToolbar
        subject="subscribers"
        email={controls.emailInput}
        onEmailChange={controls.setEmailInput}
        period={controls.period}
        onPeriodChange={controls.setPeriod}
        onRefresh={list.refresh}
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
        failed={list.error !== undefined}
        onRetry={list.refresh}
        pages={list.data && { page, ...pageCounts(list.data), onPage: controls.setPage }}
      />
    </>
  )
}
