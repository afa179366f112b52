import { useId, useState } from 'react'
import { accountMessages } from '../../backend/account-api'
import { auditReference } from '../../config/audit-reference'
import { auditReportText, reportFileName } from './audit-report-text'
import {
  AUDIT_NAME,
  flowNotes,
  sectionScoreList,
  formatAuditTime,
  formatRef,
  type DashboardAudit,
} from './dashboard-audits'
import { downloadText } from './download-text'
import { ScoreBadge } from '../../components/ScoreBadge'
import { BookCall } from './book-call-slot'
import type { UserRecord } from '../../backend/types'
import { ScoreBar } from './ScoreBar'

interface AuditCardProps {
  audit: DashboardAudit
  user: Pick<UserRecord, 'email' | 'fullName'>
  /** Only the owner's saved member audits can be deleted (the server's delete rule). */
  onDelete?: () => Promise<void>
}

const DELIVERY_TEXT = {
  waiting: 'Waiting to be sent',
  failed: 'Not accepted by the server',
} as const

export function AuditCard({ audit, user, onDelete }: AuditCardProps) {
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const ids = { title: useId(), details: useId() }
  const ref = formatRef(audit.ref)
  const overall = audit.scores?.overallScore

  async function confirmDelete() {
    if (!onDelete) return
    setDeleting(true)
    setDeleteError(null)
    try {
      await onDelete()
    } catch {
      setDeleteError(accountMessages.auditDeleteFailure)
      setDeleting(false)
      setConfirming(false)
    }
  }

  return (
    <li className="audit-card">
      <article aria-labelledby={ids.title}>
        <header className="audit-card__head">
          <h3 id={ids.title} className="audit-card__title">
            {ref} <span className="audit-card__type">{AUDIT_NAME}</span>
          </h3>
          <span className="audit-card__how">{flowNotes[audit.flow]}</span>
          <time dateTime={audit.createdAt} className="audit-card__time">
            {formatAuditTime(audit.createdAt)}
          </time>
          {audit.delivery !== 'saved' && (
            <span className={`audit-card__badge audit-card__badge--${audit.delivery}`}>
              {DELIVERY_TEXT[audit.delivery]}
            </span>
          )}
        </header>

        {overall !== undefined ? (
          <div className="audit-card__scores">
            <div className="audit-card__overall">
              <span>Overall score</span> <ScoreBadge score={overall} />
            </div>
            <ScoreBar label="Overall" score={overall} />
            {sectionScoreList(audit.scores).map(([section, score]) => (
              <ScoreBar key={section} label={section} score={score} />
            ))}
          </div>
        ) : (
          <p className="audit-card__note">The score appears once the audit has been sent.</p>
        )}

        <div className="audit-card__actions">
          <button
            type="button"
            className="btn btn-secondary"
            aria-expanded={open}
            aria-controls={ids.details}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide details' : 'View details'}
            <span className="visually-hidden"> of {ref}</span>
          </button>
          {onDelete && !confirming && (
            <button
              type="button"
              className="btn btn-danger-outline"
              onClick={() => setConfirming(true)}
            >
              Delete<span className="visually-hidden"> {ref}</span>
            </button>
          )}
        </div>

        {confirming && (
          <div className="audit-card__confirm" role="group" aria-label={`Delete ${ref}`}>
            <p>{accountMessages.auditDeleteConfirm}</p>
            <button
              type="button"
              className="btn btn-danger"
              onClick={confirmDelete}
              disabled={deleting}
            >
              {deleting ? 'Deleting...' : 'Delete Audit'}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setConfirming(false)}
              disabled={deleting}
            >
              Keep It
            </button>
          </div>
        )}
        {deleteError && (
          <p className="dashboard-error" role="alert">
            {deleteError}
          </p>
        )}

        <div id={ids.details} hidden={!open} className="audit-details">
          {open && <AuditDetails audit={audit} user={user} />}
        </div>
      </article>
    </li>
  )
}

function AuditDetails({
  audit,
  user,
}: {
  audit: DashboardAudit
  user: Pick<UserRecord, 'email' | 'fullName'>
}) {
  const recs = audit.recommendations
  const bySection = Object.entries(recs?.sectionRecommendations ?? {}).filter(
    ([, list]) => list.length > 0,
  )
  return (
    <>
      {recs && (
        <details className="audit-details__more">
          <summary>Recommendations</summary>
          {recs.topRecommendations.length > 0 && (
            <>
              <h4>Top 3 Recommendations</h4>
              <ol>
                {recs.topRecommendations.map((r) => (
                  <li key={r.title}>
                    <strong>{r.title}</strong>
                    <p>{r.description}</p>
                  </li>
                ))}
              </ol>
            </>
          )}
          {bySection.map(([section, list]) => (
            <div key={section}>
              <h4>{section}</h4>
              <ul>
                {list.map((r) => (
                  <li key={r.title}>
                    <strong>{r.title}</strong>
                    <p>{r.description}</p>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </details>
      )}

      <div className="audit-details__next">
        <p>
          Talk it through: a free 15-minute call is enough to pick the change that saves the most.
        </p>
        <BookCall prefill={{ name: user.fullName || undefined, email: user.email }} />
      </div>

      {/* What a person can quote to the consultant, and their own copy; no record internals. */}
      <div className="audit-details__keep">
        <dl className="audit-details__facts">
          <div>
            <dt>Audit reference</dt>
            <dd>
              <span className="audit-details__reference">{auditReference(audit.id)}</span>
              <span className="audit-details__hint">
                Quote it when you get in touch about this audit.
              </span>
            </dd>
          </div>
        </dl>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => downloadText(reportFileName(audit), auditReportText(audit, user.email))}
        >
          Download as .txt
        </button>
      </div>
    </>
  )
}
