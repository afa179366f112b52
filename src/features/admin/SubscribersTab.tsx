import { pb } from '../../backend/client'
import { listAllSubscribers, listSubscribers } from '../../backend/admin-api'
import { subscribersCsv } from './csv'
import { label, newsletterSourceLabels } from '../../config/labels'
import { parsePbDate } from '../../config/dates'
import { formatDateTime } from './format'
import { ListToolbar } from './ListToolbar'
import { Pager } from './Pager'
import { EmptyState, ErrorState, LoadingState } from './StatusMessage'
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

      {list.loading ? (
        <LoadingState />
      ) : list.error !== undefined && !list.data ? (
        <ErrorState text="Failed to fetch subscribers" onRetry={list.refresh} />
      ) : !list.data || list.data.items.length === 0 ? (
        <EmptyState text="No subscribers found." />
      ) : (
        <>
          <div className="admin-table-wrap" role="region" aria-label="Subscribers" tabIndex={0}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Source</th>
                  <th scope="col">Subscribed</th>
                  <th scope="col">Active</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((subscriber) => (
                  <tr key={subscriber.id}>
                    <th scope="row">{subscriber.email}</th>
                    <td>{label(newsletterSourceLabels, subscriber.source)}</td>
                    <td>
                      <time dateTime={parsePbDate(subscriber.created)?.toISOString()}>
                        {formatDateTime(subscriber.created)}
                      </time>
                    </td>
                    <td>{subscriber.active ? 'Yes' : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            noun="subscribers"
            page={page}
            totalPages={list.data.totalPages}
            totalItems={list.data.totalItems}
            onPage={controls.setPage}
          />
        </>
      )}
    </>
  )
}
