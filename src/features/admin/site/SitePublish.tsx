// The Site tab's status and Publish: where the saved changes are (saved, on their way, kept on
// the device until the connection is back), whether the draft differs from the live site, who
// saved it last and when, and Publish with a confirmation. Publishing needs the connection.
import { useState } from 'react'
import { describeError } from '../../../backend/errors'
import type { SiteDraftAnswer } from '../../../backend/site-api'
import { Modal } from '../../../components/Modal'
import { paths } from '../../../config/paths'
import { formatDateTime } from '../format'
import { draftDiffText, saveStatusText, type PendingSiteEdit } from './site-edits'
import { publishDraft } from './use-site'

/** What a publish (or a roll back) changes, in the consultant's words (docs/site.md). */
export const PUBLISH_REACH =
  'Your public pages show the new words a few seconds after you confirm, and e-mails use them from then on. The installed app offers a reload to show them.'

/** The real pages with the saved draft, for the site admin (src/app/site-preview.tsx). */
const PREVIEW_HREF = `${paths.home}?preview=draft`

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

const PUBLISH_CARD_ID = 'site-publish'

/**
 * Brings the Publish card into view (a section's Save can be thousands of pixels below it on a
 * phone), with Publish changes focused, or the card's heading while there is nothing to publish.
 */
export function goToPublish(): void {
  const card = document.getElementById(PUBLISH_CARD_ID)
  if (!card) return
  if (!wholeInView(card)) card.scrollIntoView({ block: 'start' })
  const button = card.querySelector<HTMLButtonElement>('.site-ed__publish-button')
  const target = button && !button.disabled ? button : card.querySelector('h2')
  target?.focus({ preventScroll: true })
}

/** In the window and not under anything (the console's sticky bar): its top-left corner its own. */
function wholeInView(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect()
  if (box.top < 0 || box.bottom > window.innerHeight) return false
  const corner = document.elementFromPoint(box.left + 1, box.top + 1)
  return corner !== null && element.contains(corner)
}

export function SitePublish({
  draft,
  syncedAt,
  fromCopy,
  online,
  pending,
  savedNow,
  unsavedSections,
  onPublished,
}: {
  draft: SiteDraftAnswer
  syncedAt: number
  fromCopy: boolean
  online: boolean
  pending: PendingSiteEdit[]
  savedNow: boolean
  /** The titles of the sections with changes not saved yet. */
  unsavedSections: string[]
  onPublished: () => void
}) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  // What the last publish did, and the version it left live: said until another one is live.
  const [outcome, setOutcome] = useState<{ text: string; version: number } | null>(null)
  const [problem, setProblem] = useState('')

  // A roll back since makes another version live: the note would be old news.
  const note = outcome && outcome.version >= draft.liveVersion ? outcome.text : ''
  const refused = pending.filter((edit) => edit.failed).length
  const waiting = pending.length - refused
  const saved = saveStatusText({ online, waiting, savedNow })
  const why = !online
    ? "Publishing needs the connection. Your saved changes are kept on this device until you're back."
    : waiting > 0
      ? 'Publishing waits until your changes have reached the server.'
      : refused > 0
        ? 'A change was refused: correct it and save again, or discard it, before publishing.'
        : fromCopy
          ? 'Publishing waits until the draft has loaded from the server.'
          : !draft.changed
            ? 'Nothing to publish yet: save a section first.'
            : ''

  async function publish() {
    setConfirming(false)
    setBusy(true)
    setOutcome(null)
    setProblem('')
    try {
      const answer = await publishDraft()
      setOutcome({
        text: answer.changed
          ? `Published as version ${answer.version}.`
          : `Nothing new to publish: version ${answer.version} is live.`,
        version: answer.version,
      })
      onPublished()
    } catch (err) {
      const described = describeError(err)
      setProblem(
        described.kind === 'network'
          ? 'Publishing failed: the server could not be reached. Please try again.'
          : `Publishing failed: ${described.serverMessage || 'please try again.'}`,
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      id={PUBLISH_CARD_ID}
      className="site-ed__card site-ed__publish"
      aria-labelledby="site-publish-title"
    >
      <h2 id="site-publish-title" className="site-ed__card-title" tabIndex={-1}>
        Publish
      </h2>
      <div className="site-ed__status" role="status">
        {fromCopy && (
          <p className="admin-sync admin-sync--offline">
            Offline: showing the draft as synced{' '}
            <time dateTime={new Date(syncedAt).toISOString()}>{time.format(syncedAt)}</time>.
          </p>
        )}
        {saved && <p className="site-ed__saved">{saved}</p>}
        <p className={draft.changed ? 'site-ed__diff site-ed__diff--changed' : 'site-ed__diff'}>
          {draftDiffText(draft)}
        </p>
        {draft.updated && (
          <p className="site-ed__who">
            Last saved {draft.updatedBy ? `by ${draft.updatedBy} ` : ''}on{' '}
            {formatDateTime(draft.updated)}.
          </p>
        )}
      </div>
      <button
        type="button"
        className="btn btn-primary site-ed__publish-button"
        disabled={busy || !!why}
        aria-describedby={why ? 'site-publish-why' : undefined}
        onClick={() => setConfirming(true)}
      >
        {busy ? 'Publishing...' : 'Publish changes'}
      </button>
      <p className="admin-note" role="status">
        {note}
      </p>
      <p className="site-ed__message site-ed__message--problem" role="alert">
        {problem}
      </p>
      {why && (
        <p id="site-publish-why" className="field-hint">
          {why}
        </p>
      )}

      <p className="site-ed__preview">
        {online ? (
          // A whole page load: the app starts in preview mode only from the address it opens with.
          <a className="btn btn-secondary" href={PREVIEW_HREF} aria-describedby="site-preview-what">
            Preview the draft
          </a>
        ) : (
          <button type="button" className="btn btn-secondary" disabled>
            Preview the draft
          </button>
        )}
      </p>
      <p id="site-preview-what" className="field-hint">
        {online
          ? waiting > 0
            ? 'The preview shows the draft as the server has it: the changes still on their way are not in it yet.'
            : 'Your pages with the saved draft, before anyone else sees it. Changes not saved are not in it.'
          : 'The preview needs the connection.'}
      </p>

      <Modal open={confirming} title="Publish these changes?" onClose={() => setConfirming(false)}>
        <p>
          Your draft becomes version {draft.liveVersion + 1} of your site. You can roll back to an
          earlier version at any time.
        </p>
        <p>{PUBLISH_REACH}</p>
        {unsavedSections.length > 0 && (
          <p className="site-ed__warning">
            Not included: the changes you have not saved in {unsavedSections.join(', ')}. Save them
            first to publish them too.
          </p>
        )}
        <div className="site-ed__actions">
          <button type="button" className="btn btn-primary" onClick={() => void publish()}>
            Publish
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      </Modal>
    </section>
  )
}
