import { useEffect, useState } from 'react'
import { importOnce } from '../../components/import-once'
import { usePrefetchWhenIdle } from '../../components/prefetch'
import type * as ReportModule from './AuditReport'

// The report is the audit's last screen: its code is not needed to paint the landing page or
// the questions, so it loads once the browser is idle (or at once when a reload lands on the
// report) and is in memory long before the last question is answered; the home page fetches it
// with the audit's own code. The service worker precaches it for offline use; a failed load is
// tried again on request.
/** The report's code, fetched once (also ahead, from the home page); a failure is tried again. */
export const loadReport = importOnce(() => import('./AuditReport'))

export interface ReportCode {
  /** The report component once its code is here. */
  AuditReport: typeof ReportModule.AuditReport | undefined
  /** The report's status lines (the signed-in one, the free one), with the same code. */
  DeliveryStatus: typeof ReportModule.DeliveryStatus | undefined
  FreeResultsStatus: typeof ReportModule.FreeResultsStatus | undefined
  /** The free report's invitation to a dashboard, with the same code. */
  DashboardInvite: typeof ReportModule.DashboardInvite | undefined
  /** The code was needed (`needed`) and could not load. */
  failed: boolean
  retry(): void
}

/** The report's code, loading when idle, or now when `needed` (the report is on screen). */
export function useReportCode(needed: boolean): ReportCode {
  usePrefetchWhenIdle(loadReport)
  const [fetched, setFetched] = useState<typeof ReportModule>()
  // Fetched here, or ahead (idle, or from the home page): shown in the render that needs it.
  const module = fetched ?? loadReport.loaded
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (module || !needed) return
    let cancelled = false
    loadReport().then(
      (m) => !cancelled && setFetched(m),
      () => !cancelled && setFailed(true),
    )
    return () => {
      cancelled = true
    }
  }, [module, needed, attempt])

  return {
    AuditReport: module?.AuditReport,
    DeliveryStatus: module?.DeliveryStatus,
    FreeResultsStatus: module?.FreeResultsStatus,
    DashboardInvite: module?.DashboardInvite,
    failed,
    retry() {
      setFailed(false)
      setAttempt((n) => n + 1)
    },
  }
}
