// The Site tab's versions, newest first: number, when (on this device's clock), who, which
// version a roll back copied, and "Roll back to this" with a confirmation. Rolling back needs
// the connection; offline the list is the copy synced last.
import { useState } from 'react'
import { describeError } from '../../../backend/errors'
import type { SiteVersionSummary, SiteVersionsAnswer } from '../../../backend/site-api'
import { Modal } from '../../../components/Modal'
import { formatDateTime } from '../format'
import { PUBLISH_REACH } from './SitePublish'
import { rollbackTo } from './use-site'

export function SiteVersions({
  versions,
  fromCopy,
  loadProblem,
  online,
  blocked,
  draftChanged,
  onRolledBack,
  onRetry,
}: {
  versions: SiteVersionsAnswer | undefined
  fromCopy: boolean
  /** The list could not load (and no copy is on this device). */
  loadProblem: boolean
  online: boolean
  /** Why rolling back waits now ('' when it may): edits on their way, say. */
  blocked: string
  draftChanged: boolean
  onRolledBack: () => void
  onRetry: () => void
}) {
  const [target, setTarget] = useState<SiteVersionSummary | null>(null)
  const [busy, setBusy] = useState(false)
  // What the last roll back did, and the version it left live: said until another one is live.
  const [outcome, setOutcome] = useState<{ text: string; version: number } | null>(null)
  const [problem, setProblem] = useState('')
  const why = !online
    ? 'Rolling back needs the connection.'
    : fromCopy
      ? 'Rolling back waits until the versions have loaded from the server.'
      : blocked

  async function rollback(version: number) {
    setTarget(null)
    setBusy(true)
    setOutcome(null)
    setProblem('')
    try {
      const answer = await rollbackTo(version)
      setOutcome({
        text: answer.changed
          ? `Rolled back: version ${answer.version} is live, with the words of version ${version}.`
          : `Version ${answer.version} is live already with those words; your draft was dropped.`,
        version: answer.version,
      })
      onRolledBack()
    } catch (err) {
      const described = describeError(err)
      setProblem(
        described.kind === 'network'
          ? 'Rolling back failed: the server could not be reached. Please try again.'
          : `Rolling back failed: ${described.serverMessage || 'please try again.'}`,
      )
    } finally {
      setBusy(false)
    }
  }

  const live = versions?.live ?? 0
  const note = outcome && outcome.version >= live ? outcome.text : ''
  return (
    <section className="site-ed__card site-ed__versions" aria-labelledby="site-versions-title">
      <h2 id="site-versions-title" className="site-ed__card-title">
        Versions
      </h2>
      {!versions ? (
        loadProblem ? (
          online ? (
            <div className="admin-error" role="alert">
              <p>The versions could not be loaded.</p>
              <button type="button" className="btn btn-secondary" onClick={onRetry}>
                Try Again
              </button>
            </div>
          ) : (
            <p className="admin-offline" role="status">
              The versions load when you&apos;re back online.
            </p>
          )
        ) : (
          <p className="admin-muted" role="status">
            Loading...
          </p>
        )
      ) : (
        <>
          {why && <p className="field-hint">{why}</p>}
          <ol className="site-ed__version-list">
            {versions.versions.map((v) => (
              <li key={v.version} className="site-ed__version">
                <p className="site-ed__version-name">
                  Version {v.version}
                  {v.version === live && <span className="site-ed__live">Live</span>}
                </p>
                <p className="site-ed__version-facts">
                  {versionFacts(v)}
                  {v.rolledBackFrom > 0 && (
                    <>
                      <br />
                      Rolled back from version {v.rolledBackFrom}
                    </>
                  )}
                </p>
                {v.version !== live && (
                  <button
                    type="button"
                    className="btn btn-secondary admin-btn-small"
                    aria-label={`Roll back to this: version ${v.version}`}
                    disabled={busy || !!why}
                    onClick={() => setTarget(v)}
                  >
                    Roll back to this
                  </button>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      <p className="admin-note" role="status">
        {note}
      </p>
      <p className="site-ed__message site-ed__message--problem" role="alert">
        {problem}
      </p>

      <Modal
        open={target !== null}
        title={`Roll back to version ${target?.version ?? ''}?`}
        onClose={() => setTarget(null)}
      >
        <p>
          The words of version {target?.version} become live again, as version {live + 1}. The
          versions in between stay in the list.
        </p>
        {draftChanged && (
          <p className="site-ed__warning">
            Your draft is dropped: the changes saved but not published are lost.
          </p>
        )}
        <p>{PUBLISH_REACH}</p>
        <div className="site-ed__actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => target && void rollback(target.version)}
          >
            Roll back
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setTarget(null)}>
            Cancel
          </button>
        </div>
      </Modal>
    </section>
  )
}

/** When and by whom; the first version is what the site shipped with (its row is written later). */
function versionFacts(v: SiteVersionSummary): string {
  if (v.version === 1 && !v.publishedBy) return 'The site as it first shipped'
  const when = v.publishedAt ? `Published ${formatDateTime(v.publishedAt)}` : 'Published'
  return v.publishedBy ? `${when} by ${v.publishedBy}` : when
}
