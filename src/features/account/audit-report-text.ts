// The plain-text report behind a dashboard audit's 'Download as .txt': its file name and text.
// Pure. Apart from ./dashboard-audits.ts so the dashboard's first paint does not carry it (only
// My Audits, loaded on demand, does).
import { auditReference } from '../../config/audit-reference'
import { AUDIT_NAME, flowNotes } from '../../config/labels'
import { formatAuditTime, formatRef, type DashboardAudit } from './dashboard-audits'

function localDate(iso: string): string {
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** e.g. efficiency-audit-2026-11-21.txt, the audit's local date. */
export function reportFileName(audit: DashboardAudit): string {
  return `efficiency-audit-${localDate(audit.createdAt)}.txt`
}

/** The plain-text report behind 'Download as .txt'. */
export function auditReportText(audit: DashboardAudit, userEmail: string): string {
  const lines = [
    AUDIT_NAME,
    `${formatRef(audit.ref)} - ${flowNotes[audit.flow]}`,
    `E-mail: ${userEmail}`,
    `Date: ${formatAuditTime(audit.createdAt)}`,
    `Audit reference: ${auditReference(audit.id)}`,
  ]
  if (audit.delivery !== 'saved') lines.push('Status: waiting to be sent (scored on this device)')
  if (audit.scores) {
    lines.push('', `Overall score: ${audit.scores.overallScore}%`, '', 'Section scores')
    for (const [section, score] of Object.entries(audit.scores.sectionScores)) {
      lines.push(`- ${section}: ${score}%`)
    }
  }
  const recs = audit.recommendations
  if (recs?.topRecommendations?.length) {
    lines.push('', 'Top 3 Recommendations')
    recs.topRecommendations.forEach((r, i) => {
      lines.push(`${i + 1}. ${r.title}`, `   ${r.description}`)
    })
  }
  const bySection = Object.entries(recs?.sectionRecommendations ?? {}).filter(
    ([, list]) => list.length,
  )
  if (bySection.length) {
    lines.push('', 'Recommendations by section')
    for (const [section, list] of bySection) {
      lines.push('', section)
      for (const r of list) lines.push(`- ${r.title}: ${r.description}`)
    }
  }
  return `${lines.join('\n')}\n`
}
