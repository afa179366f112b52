import { ANSWER_NOT_GIVEN, OTHER_VALUE, questionById, sections } from '../../audit/questionnaire'
import { pb } from '../../backend/client'
import { getAudit } from '../../backend/admin-api'
import { messages } from '../../config/messages'
import type { AuditRecord } from '../../backend/types'
import { Modal } from '../../components/Modal'
import { flowLabels, label } from '../../config/labels'
import { parsePbDate } from '../../config/dates'
import { mailtoHref } from '../../config/email-address'
import { formatDateTime } from './format'
import { ScoreBadge } from '../../components/ScoreBadge'
import { ErrorState, LoadingState } from './StatusMessage'
import { useServerData } from './use-admin'

interface AuditDetailsDialogProps {
  /** The audit to show; null keeps the dialog closed. */
  auditId: string | null
  onClose: () => void
}

/** View Details: a modal dialog (Escape closes it, focus returns to the button that opened it). */
export function AuditDetailsDialog({ auditId, onClose }: AuditDetailsDialogProps) {
  return (
    <Modal open={auditId !== null} title="Audit details" onClose={onClose}>
      {auditId && <AuditDetails auditId={auditId} />}
    </Modal>
  )
}

function AuditDetails({ auditId }: { auditId: string }) {
  const audit = useServerData(`audit:${auditId}`, () => getAudit(pb, auditId))
  if (audit.loading) return <LoadingState />
  if (audit.error !== undefined) {
    return <ErrorState text={messages.adminLoadFailure} onRetry={audit.refresh} />
  }
  if (!audit.data) return <p className="admin-state">This audit was not found.</p>
  return <AuditReport audit={audit.data} />
}

/** The whole report of one audit: facts, section scores, recommendations and answers. */
export function AuditReport({ audit }: { audit: AuditRecord }) {
  const sectionScores = audit.scores?.sectionScores ?? {}
  const sectionNames = [
    ...sections.map((s) => s.name).filter((name) => name in sectionScores),
    ...Object.keys(sectionScores).filter((name) => !sections.some((s) => s.name === name)),
  ]
  const top = audit.recommendations?.topRecommendations ?? []
  const answers = audit.answers ?? {}
  const otherTexts = audit.otherTexts ?? {}
  const unknownIds = Object.keys(answers).filter((id) => !questionById(id))

  return (
    <div className="admin-details">
      <dl className="admin-details__facts">
        <div className="admin-details__wide">
          <dt>Email</dt>
          <dd>
            <a href={mailtoHref(audit.email)}>{audit.email}</a>
          </dd>
        </div>
        <div>
          <dt>Overall score</dt>
          <dd>
            <ScoreBadge size="compact" score={audit.overallScore ?? 0} />
          </dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>
            <time dateTime={parsePbDate(audit.created)?.toISOString()}>
              {formatDateTime(audit.created)}
            </time>
          </dd>
        </div>
        <div className="admin-details__wide">
          <dt>Audit ID</dt>
          <dd>
            <code>{audit.id}</code>
          </dd>
        </div>
        <div>
          <dt>Flow</dt>
          <dd>{label(flowLabels, audit.flow)}</dd>
        </div>
        <div>
          <dt>Newsletter</dt>
          <dd>{audit.newsletterSubscription ? 'Subscribed' : 'No'}</dd>
        </div>
      </dl>

      <h3>Section scores</h3>
      {sectionNames.length === 0 ? (
        <p className="admin-muted">No section scores.</p>
      ) : (
        <ul className="admin-details__sections">
          {sectionNames.map((name) => (
            <li key={name}>
              <span>{name}</span>
              <ScoreBadge size="compact" score={sectionScores[name]} />
              <span className="admin-bar" aria-hidden="true">
                <span style={{ width: `${Math.max(0, Math.min(100, sectionScores[name]))}%` }} />
              </span>
            </li>
          ))}
        </ul>
      )}

      <h3>Top recommendations</h3>
      {top.length === 0 ? (
        <p className="admin-muted">No recommendations.</p>
      ) : (
        <ol className="admin-details__recommendations">
          {top.map((r, i) => (
            <li key={`${r.title}-${i}`}>
              <strong>{r.title}</strong>
              {r.section && <span className="admin-muted"> · {r.section}</span>}
              <p>{r.description}</p>
            </li>
          ))}
        </ol>
      )}

      <h3>Answers</h3>
      {sections.map((section) => (
        <section key={section.name} className="admin-details__answers">
          <h4>{section.name}</h4>
          <dl>
            {section.questions.map((q) => {
              const answer = answers[q.id]
              const option = q.options.find((o) => o.value === answer?.value)
              const text =
                !answer || answer.value === ANSWER_NOT_GIVEN
                  ? 'Did not answer'
                  : (option?.label ?? answer.value)
              return (
                <div key={q.id}>
                  <dt>{q.text}</dt>
                  <dd>
                    {text}
                    {answer?.value === OTHER_VALUE && otherTexts[q.id] && (
                      <>: “{otherTexts[q.id]}”</>
                    )}
                    {answer && <span className="admin-muted"> ({answer.score}/10)</span>}
                  </dd>
                </div>
              )
            })}
          </dl>
        </section>
      ))}
      {unknownIds.length > 0 && (
        <section className="admin-details__answers">
          <h4>Other answers</h4>
          <dl>
            {unknownIds.map((id) => (
              <div key={id}>
                <dt>{id}</dt>
                <dd>
                  {String(answers[id]?.value ?? '')}
                  {otherTexts[id] && <>: “{otherTexts[id]}”</>}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  )
}
