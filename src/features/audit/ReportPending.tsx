import type { ReportCode } from './use-report-code'

/** In the report's place while its code loads, or when it could not (offline before the service worker had it). */
export function ReportPending({ code }: { code: ReportCode }) {
  if (!code.failed) {
    return (
      <p className="page-loading" role="status">
        Loading your report...
      </p>
    )
  }
  return (
    <div className="page-loading" role="alert">
      <p>Your report could not load. Your answers are kept on this device.</p>
      <button type="button" className="btn btn-primary" onClick={code.retry}>
        Try Again
      </button>
    </div>
  )
}
