import { useId, useState } from 'react'
import { pb } from '../../backend/client'
import { getAuditStats, listAllAudits, listAudits, type AuditSort } from '../../backend/admin-api'
import { AdminList, pageCounts } from './AdminList'
import { auditList } from './admin-lists'
import { auditsCsv } from './csv'
import { ListToolbar } from './ListToolbar'
import { useCsvExport, useListControls, useLiveChanges, useServerData } from './use-admin'
import { Field } from '../../components/Field'

const sortLabels: Record<AuditSort, string> = {
  newest: 'Newest first',
  highest: 'Highest score first',
  lowest: 'Lowest score first',
}

interface AuditsTabProps {
  onOpenAudit: (auditId: string) => void
}

/** Counters, filter, the live table of audits and its CSV export. */
export function AuditsTab({ onOpenAudit }: AuditsTabProps) {
  const sortId = useId()
  const [sort, setSort] = useState<AuditSort>('newest')
  const controls = useListControls(sort)
  const { filter, filterKey, page } = controls
  const list = useServerData(`audits:${filterKey}:${page}`, () =>
    listAudits(pb, page, filter, sort),
  )
  const stats = useServerData(`audit-stats:${filterKey}`, () => getAuditStats(pb, filter))
  const csv = useCsvExport()
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set())
  const [liveNote, setLiveNote] = useState('')

  useLiveChanges('audits', (batch) => {
    list.refresh()
    stats.refresh()
    if (batch.created.length > 0) {
      setNewIds((prev) => new Set([...prev, ...batch.created]))
      setLiveNote(
        batch.created.length === 1
          ? '1 new audit just arrived.'
          : `${batch.created.length} new audits just arrived.`,
      )
    }
  })

  const refreshAll = () => {
    list.refresh()
    stats.refresh()
  }
  const failed = list.error !== undefined || (stats.error !== undefined && !stats.data)
  const counters = [
    { key: 'total', label: 'Total submissions', value: stats.data?.total },
    { key: 'high', label: 'High (80% and above)', value: stats.data?.high, band: 'green' },
    { key: 'medium', label: 'Medium (60-79%)', value: stats.data?.medium, band: 'yellow' },
    { key: 'low', label: 'Low (under 60%)', value: stats.data?.low, band: 'red' },
  ]

  return (
    <>
      <dl className="admin-counters" aria-busy={stats.loading}>
        {counters.map((c) => (
          <div key={c.key} className={`admin-counter${c.band ? ` admin-counter--${c.band}` : ''}`}>
            <dt>{c.label}</dt>
            <dd data-testid={`counter-${c.key}`}>{c.value ?? '–'}</dd>
          </div>
        ))}
      </dl>

      <ListToolbar
        subject="audit submissions"
        email={controls.emailInput}
        onEmailChange={controls.setEmailInput}
        period={controls.period}
        onPeriodChange={controls.setPeriod}
        onRefresh={refreshAll}
        exporting={csv.exporting}
        onExport={() =>
          csv.run('audit-submissions', () => listAllAudits(pb, filter, sort), auditsCsv, 'audits')
        }
      >
        <Field label="Sort" htmlFor={sortId}>
          <select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as AuditSort)}>
            {(Object.keys(sortLabels) as AuditSort[]).map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </select>
        </Field>
      </ListToolbar>

      <p className="admin-note" role="status">
        {csv.note || liveNote}
      </p>

      <AdminList
        definition={auditList(newIds, onOpenAudit)}
        rows={list.data?.items}
        loading={list.loading}
        failed={failed}
        onRetry={refreshAll}
        pages={list.data && { page, ...pageCounts(list.data), onPage: controls.setPage }}
      />
    </>
  )
}
