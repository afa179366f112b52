import { useId, useState } from 'react'
import { pb } from '../../backend/client'
import { getAuditStats, listAllAudits, listAudits, type AuditSort } from '../../backend/admin-api'
import { AdminList, pageCounts } from './AdminList'
import { auditList } from './admin-lists'
import { auditsCsv } from './csv'
import { scoreBandLabels } from './format'
import { ListToolbar } from './ListToolbar'
import { PayoffSettings } from './PayoffSettings'
import { useCsvExport, useListControls, useLiveChanges, useServerData } from './use-admin'
import { useConsole } from './use-console'
import { peopleByEmail } from '../../backend/console-api'
import { Field } from '../../components/Field'

const sortLabels: Record<AuditSort, string> = {
  newest: 'Newest first',
  highest: 'Highest score first',
  lowest: 'Lowest score first',
}

/**
 * Counters, filter, the live table of audits (who, score, status) and its CSV export; below, what
 * the reports say a fix is worth (PayoffSettings).
 */
export function AuditsTab() {
  const sortId = useId()
  const { openAudit, personHref } = useConsole()
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
  const error = list.error ?? (stats.data ? undefined : stats.error)
  // Who each audit is from: the people of this page's addresses (name, status, their page).
  const emails = [...new Set((list.data?.items ?? []).map((a) => a.email))].sort()
  const people = useServerData(`audit-people:${emails.join(',')}`, () => peopleByEmail(pb, emails))
  // The site's score bands in its own words (src/config/score-bands.ts), as the report says them.
  const counters = [
    { key: 'total', label: 'Total audits', value: stats.data?.total },
    { key: 'high', label: scoreBandLabels.green, value: stats.data?.high, band: 'green' },
    { key: 'medium', label: scoreBandLabels.yellow, value: stats.data?.medium, band: 'yellow' },
    { key: 'low', label: scoreBandLabels.red, value: stats.data?.low, band: 'red' },
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
        definition={auditList(newIds, openAudit, people.data ?? {}, personHref)}
        rows={list.data?.items}
        loading={list.loading}
        error={error}
        onRetry={refreshAll}
        pages={list.data && { page, ...pageCounts(list.data), onPage: controls.setPage }}
      />

      <PayoffSettings />
    </>
  )
}
